package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.build.OnNats;
import dev.durable.build.OnPostgres;
import dev.durable.build.OnRabbitMq;
import dev.durable.runtime.DurableEngine;
import dev.durable.tests.support.Await;
import dev.durable.tests.support.EngineProcess;
import dev.durable.tests.support.ExecutionJournal;
import dev.durable.tests.support.LoadChecks;
import dev.durable.tests.support.NatsBroker;
import dev.durable.tests.support.RabbitBroker;
import dev.durable.tests.support.TcpProxy;
import dev.durable.tests.support.TestDatabase;
import dev.durable.tests.support.TriggerBroker;
import dev.durable.tests.support.TriggerChild;
import dev.durable.tests.workflows.LoadJob;
import dev.durable.tests.workflows.LoadWorkflowDurable;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/**
 * The acceptance test of triggers (issue 44), for each broker: 1,000 messages, two engine
 * processes consuming them, one of them killed with SIGKILL while messages are in its hands, and
 * the broker connection cut during the run; exactly 1,000 runs, each completed once, the messages
 * delivered again counted as duplicates, none lost.
 *
 * <p>The engines are child JVMs ({@link TriggerChild}) sharing a PostgreSQL schema; they reach the
 * broker through a {@link TcpProxy} that the test cuts and restores (the shared broker itself is
 * never restarted). The scenario:
 *
 * <ol>
 *   <li>engines {@code held} and {@code steady} start; messages 0-499 are published;
 *   <li>{@code held}'s starter holds for good right after storing its 20th run, so that message is
 *       certain to be neither acknowledged nor lost: the test kills {@code held} there, with the
 *       rest of its messages unacknowledged and its runs in flight (taken over by the others when
 *       their 2 s leases end);
 *   <li>{@code restarted} starts in its place while messages 500-799 are published;
 *   <li>the proxy closes every broker connection and refuses new ones while messages 800-999 are
 *       published, until the engines have tried to reconnect; then it lets them through again.
 * </ol>
 *
 * <p>Then: the store holds exactly the 1,000 runs the messages' ids give, each completed with its
 * message's result; each step attempt executed once ({@link LoadChecks}: an attempt may be made
 * again only where the kill cut it, which the engine records); the broker holds nothing; every
 * message's start was seen by some engine's starter ({@code STARTED} or {@code DUPLICATE}, as
 * {@code RunHandle.created()} says), no run was started twice, and the held message came again
 * to another engine as a duplicate; the surviving engines' triggers counted what their starters
 * saw.
 *
 * <p>Skipped, with the reason, without {@code DURABLE_PG_URL} and the broker's variable.
 */
@OnPostgres
class TriggerCrashTest {
  private static final int MESSAGES = 1_000;
  /** The held engine holds after storing this many runs. */
  private static final int HOLD_AFTER = 20;
  private static final Duration ENGINE_START = Duration.ofSeconds(60);
  private static final Duration LEASE = Duration.ofSeconds(2);
  private static final Duration POLL = Duration.ofMillis(100);
  // a bound for a loaded machine (the whole build on two cores): it takes about 10 s alone
  private static final Duration SETTLE = Duration.ofSeconds(90);

  private TestDatabase db;
  private TriggerBroker broker;
  private TcpProxy proxy;
  private final List<EngineProcess> engines = new ArrayList<>();

  @BeforeEach
  void openDatabase() {
    db = TestDatabase.Kind.POSTGRESQL.open();
    ExecutionJournal.createTable(db);
  }

  @AfterEach
  void stopEverything(TestInfo test) {
    engines.forEach(EngineProcess::kill);
    saveEngineLogs(test.getTestMethod().map(Method::getName).orElse("unknown"));
    if (proxy != null) {
      proxy.close();
    }
    if (broker != null) {
      broker.close();
    }
    if (db != null) {
      db.close();
    }
  }

  @Test
  @OnNats
  void natsTriggerStartsEachOfAThousandMessagesOnceThroughAKillAndACut() throws Exception {
    broker = new NatsBroker(System.getenv(OnNats.VARIABLE));
    startsEachMessageOnceThroughAKillAndACut("nats");
  }

  @Test
  @OnRabbitMq
  void rabbitTriggerStartsEachOfAThousandMessagesOnceThroughAKillAndACut() throws Exception {
    broker = new RabbitBroker(System.getenv(OnRabbitMq.VARIABLE));
    startsEachMessageOnceThroughAKillAndACut("rabbitmq");
  }

  private void startsEachMessageOnceThroughAKillAndACut(String name) {
    long began = System.nanoTime();
    proxy = broker.proxy();
    EngineProcess held = startEngine("held", "holdAfter=" + HOLD_AFTER);
    EngineProcess steady = startEngine("steady");
    held.awaitReady(ENGINE_START);
    steady.awaitReady(ENGINE_START);

    broker.publish(0, 500);
    Await.until("engine held stored its " + HOLD_AFTER + "th run and holds", ENGINE_START,
        POLL, () -> !lines(held, TriggerChild.HELD).isEmpty());
    String heldRun = lines(held, TriggerChild.HELD).get(0);
    held.kill();

    EngineProcess restarted = startEngine("restarted");
    broker.publish(500, 800);
    restarted.awaitReady(ENGINE_START);

    int acceptedBeforeTheCut = proxy.accepted();
    int cut = proxy.cut();
    broker.publish(800, MESSAGES);
    assertTrue(cut >= 2, "the cut closed both engines' broker connections: " + cut);
    Await.until("the engines tried to reconnect to the broker while it was cut off",
        Duration.ofSeconds(30), POLL, () -> proxy.refused() >= 2);
    int refused = proxy.refused();
    proxy.restore();
    Await.until("the engines reconnected to the broker", Duration.ofSeconds(30), POLL,
        () -> proxy.accepted() >= acceptedBeforeTheCut + cut);

    awaitCompleted();
    Await.until("the broker holds no message", SETTLE, POLL, () -> broker.unsettled() == 0);
    List<EngineProcess> survivors = List.of(steady, restarted);
    Map<EngineProcess, Map<String, Long>> stats = new LinkedHashMap<>();
    for (EngineProcess engine : survivors) {
      engine.send(TriggerChild.STOP);
    }
    for (EngineProcess engine : survivors) {
      engine.awaitExit(Duration.ofSeconds(30));
      stats.put(engine, stats(engine));
    }
    assertEquals(0, broker.unsettled(),
        "messages went back to the broker when the engines closed: they were not acknowledged");
    double seconds = (System.nanoTime() - began) / 1e9;

    // the store: exactly the runs the messages' ids give, each completed once, with its result
    Map<String, LoadJob> expected = new LinkedHashMap<>();
    for (int n = 0; n < MESSAGES; n++) {
      expected.put(broker.runId(n), new LoadJob(n, false));
    }
    assertEquals(new TreeSet<>(expected.keySet()), new TreeSet<>(runIds()),
        "one run per message, with the id the trigger derives from it");
    assertEquals(MESSAGES, db.queryLong("SELECT COUNT(*) FROM durable_runs"));
    try (DurableEngine client = db.engine().engineId("test-client")
        .register(new LoadWorkflowDurable(new ExecutionJournal(db.jdbcUrl(), "test-client"), 0, 0))
        .build()) {
      LoadChecks.assertEveryRunCompletedWithItsSteps(db, client, expected);
    }
    LoadChecks.assertNoStepRanAfterItsCheckpoint(db);

    // the starters: every message's start seen, no run started twice, the held one a duplicate
    List<String> started = new ArrayList<>();
    List<String> duplicates = new ArrayList<>();
    for (EngineProcess engine : engines) {
      started.addAll(lines(engine, TriggerChild.STARTED));
      duplicates.addAll(lines(engine, TriggerChild.DUPLICATE));
    }
    assertEquals(List.of(), repeated(started), "runs whose start stored them more than once");
    Set<String> seen = new HashSet<>(started);
    seen.addAll(duplicates);
    assertEquals(new TreeSet<>(expected.keySet()), new TreeSet<>(seen),
        "each message's start returned to some engine's trigger");
    assertTrue(lines(held, TriggerChild.STARTED).size() >= HOLD_AFTER,
        "engine held took its part: " + lines(held, TriggerChild.STARTED).size() + " runs");
    assertTrue(survivors.stream().anyMatch(e -> lines(e, TriggerChild.DUPLICATE).contains(heldRun)),
        "the message held when its engine was killed came again and found its run " + heldRun);

    // the survivors' triggers counted what their starters saw
    for (EngineProcess engine : survivors) {
      Map<String, Long> figures = stats.get(engine);
      assertEquals((long) lines(engine, TriggerChild.STARTED).size(),
          (long) figures.get("started"),
          engine + "'s runs started: " + figures);
      assertEquals((long) lines(engine, TriggerChild.DUPLICATE).size(),
          (long) figures.get("duplicates"), engine + "'s duplicates: " + figures);
      assertEquals(0L, (long) figures.get("deadLettered"),
          engine + "'s messages set aside: " + figures);
      // the broker clients' own errors about the cut connection are expected, Durable's are not
      assertEquals(List.of(), engine.linesContaining(" ERROR dev.durable."),
          engine + " logged errors");
    }
    long survivorsStarted = survivors.stream().mapToLong(e -> stats.get(e).get("started")).sum();
    long survivorsDuplicates =
        survivors.stream().mapToLong(e -> stats.get(e).get("duplicates")).sum();
    long heldStarted = lines(held, TriggerChild.STARTED).size();
    assertTrue(survivorsDuplicates >= 1, "the held message counted as a duplicate");
    assertTrue(heldStarted + survivorsStarted <= MESSAGES, "runs started: at most one a message");
    assertTrue(heldStarted + survivorsStarted + survivorsDuplicates >= MESSAGES,
        "every message started its run or found it");

    long interrupted =
        db.queryLong("SELECT COUNT(*) FROM durable_events WHERE type = 'step.interrupted'");
    figures(String.format("%s: %d messages in %.1f s; %d runs started by held before its kill,"
            + " %d of its step attempts cut by the kill; %s; %d broker connections cut, %d"
            + " attempts to reconnect refused while cut%n",
        name, MESSAGES, seconds, heldStarted, interrupted, stats.entrySet().stream()
            .map(e -> e.getKey().engineId() + " " + e.getValue())
            .collect(Collectors.joining(", ")), cut, refused));
  }

  private EngineProcess startEngine(String id, String... more) {
    List<String> options = new ArrayList<>(List.of(
        "url=" + db.jdbcUrl(),
        "journal=" + db.jdbcUrl(),
        "lease=" + LEASE.toMillis(),
        "poll=" + POLL.toMillis()));
    options.addAll(broker.childOptions(proxy));
    options.addAll(List.of(more));
    EngineProcess engine = EngineProcess.start(TriggerChild.class, id, options);
    engines.add(engine);
    return engine;
  }

  /** Waits until every message's run completed (a failed one fails the checks after this). */
  private void awaitCompleted() {
    try {
      Await.until("all " + MESSAGES + " runs ended", SETTLE, Duration.ofMillis(250),
          () -> db.queryLong("SELECT COUNT(*) FROM durable_runs"
              + " WHERE status IN ('COMPLETED', 'FAILED', 'CANCELLED')") >= MESSAGES);
    } catch (AssertionError e) {
      StringBuilder details = new StringBuilder(e.getMessage()).append("; runs by status: ")
          .append(db.query("SELECT status, COUNT(*) FROM durable_runs GROUP BY status"))
          .append("; messages left in the broker: ").append(broker.unsettled());
      for (EngineProcess engine : engines) {
        if (engine.isAlive()) {
          details.append("\n--- ").append(engine).append(", its engine's threads now:\n")
              .append(engine.engineThreads());
        }
      }
      throw new AssertionError(details.toString(), e);
    }
  }

  private List<String> runIds() {
    return db.query("SELECT run_id FROM durable_runs").stream()
        .map(row -> (String) row.get(0)).toList();
  }

  /** What {@code engine} printed after {@code prefix}, on each line starting with it. */
  private static List<String> lines(EngineProcess engine, String prefix) {
    return engine.output().stream().filter(line -> line.startsWith(prefix))
        .map(line -> line.substring(prefix.length())).toList();
  }

  /** The survivor's trigger's figures, from its {@link TriggerChild#STATS} line. */
  private static Map<String, Long> stats(EngineProcess engine) {
    List<String> stats = lines(engine, TriggerChild.STATS);
    assertEquals(1, stats.size(), engine + " printed its trigger's figures once");
    Map<String, Long> figures = new HashMap<>();
    for (String pair : stats.get(0).split(" ")) {
      String[] parts = pair.split("=");
      figures.put(parts[0], Long.parseLong(parts[1]));
    }
    return figures;
  }

  private static List<String> repeated(List<String> ids) {
    return ids.stream().collect(Collectors.groupingBy(Function.identity(), Collectors.counting()))
        .entrySet().stream().filter(e -> e.getValue() > 1).map(Map.Entry::getKey).sorted()
        .toList();
  }

  /** Adds a line of figures to {@code target/trigger-crash-logs/figures.txt}. */
  private static void figures(String line) {
    Path file = Path.of("target", "trigger-crash-logs", "figures.txt");
    try {
      Files.createDirectories(file.getParent());
      Files.writeString(file, line, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    } catch (IOException e) {
      System.err.println("could not write " + file + ": " + e);
    }
  }

  /** Keeps what each engine printed in {@code target/trigger-crash-logs/<test>/<engine>.log}. */
  private void saveEngineLogs(String testName) {
    Path dir = Path.of("target", "trigger-crash-logs", testName);
    try {
      Files.createDirectories(dir);
      for (EngineProcess engine : engines) {
        Files.write(dir.resolve(engine.engineId() + ".log"), engine.output());
      }
    } catch (IOException e) {
      System.err.println("could not keep the engines' logs in " + dir + ": " + e);
    }
  }
}
