package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.durable.build.OnPostgres;
import dev.durable.runtime.DurableEngine;
import dev.durable.tests.support.Await;
import dev.durable.tests.support.EngineProcess;
import dev.durable.tests.support.ExecutionJournal;
import dev.durable.tests.support.LoadChecks;
import dev.durable.tests.support.TcpProxy;
import dev.durable.tests.support.TestDatabase;
import dev.durable.tests.workflows.LoadJob;
import dev.durable.tests.workflows.LoadWorkflow;
import dev.durable.tests.workflows.LoadWorkflowClient;
import dev.durable.tests.workflows.LoadWorkflowDurable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntPredicate;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/**
 * PostgreSQL shared by several engine processes, under load: engines in child JVMs ({@link
 * EngineProcess}) execute hundreds or thousands of runs of the three-step {@link LoadWorkflow},
 * started by this test through an engine that is not started; while they do, the test kills them,
 * or cuts their connections to the database.
 *
 * <p>Every step execution is recorded in a side table ({@link ExecutionJournal}) by the step's own
 * autocommitted statement, so an execution is recorded even when its checkpoint is lost. The same
 * statement reads whether a {@code COMPLETED} checkpoint of that step was already committed; under
 * READ COMMITTED a statement sees every transaction committed before it began, so a recorded
 * execution with that flag set is a proof that a step ran again after its checkpoint was
 * committed, and a table without one is a proof that none did (clock-free: the flag and the
 * checkpoint are read by the same database). As a cross-check by time, no execution may begin
 * more than a second after its step's checkpoint was written ({@code durable_steps.updated_at},
 * the engine's clock on this host just before the commit, against the database's {@code
 * clock_timestamp()}).
 *
 * <p>PostgreSQL only: embedded H2 cannot be shared by processes. Skipped, with the reason, when
 * {@code DURABLE_PG_URL} is not set.
 */
@OnPostgres
class ScaleOutTest {
  private static final Duration ENGINE_START = Duration.ofSeconds(60);
  private static final Duration POLL = Duration.ofMillis(100);
  private static final Duration SHORT_LEASE = Duration.ofSeconds(2);

  private TestDatabase db;
  private DurableEngine client;
  private TcpProxy proxy;
  private final List<EngineProcess> engines = new CopyOnWriteArrayList<>();
  private final ExecutorService feeders = Executors.newFixedThreadPool(4);

  @BeforeEach
  void openDatabase() {
    db = TestDatabase.Kind.POSTGRESQL.open();
    // not started: it only starts runs (PENDING, for the engine processes to claim)
    client = db.engine().engineId("test-client").maxConcurrentRuns(4)
        .register(new LoadWorkflowDurable(new ExecutionJournal(db.jdbcUrl(), "test-client"), 0, 0))
        .build();
    ExecutionJournal.createTable(db);
  }

  @AfterEach
  void stopEverything(TestInfo test) throws InterruptedException {
    feeders.shutdownNow();
    engines.forEach(EngineProcess::kill);
    saveEngineLogs(test.getTestMethod().map(Method::getName).orElse("unknown"));
    feeders.awaitTermination(10, TimeUnit.SECONDS);
    if (proxy != null) {
      proxy.close();
    }
    if (client != null) {
      client.close();
    }
    if (db != null) {
      db.close();
    }
  }

  // ---- (a) crashes

  /**
   * Three engine JVMs execute 300 runs that the test starts over ten seconds; every 0.3 to 0.8 s
   * one of them is killed with {@code destroyForcibly} (mid-step, mid-backoff, between steps:
   * wherever it is; always leaving one started engine) and a new one is started in its place. Leases of 2 s let the others take the dead engine's runs over. Every run
   * completes with the right result, every step has its checkpoint with the attempts it should
   * have, and no step executed after its checkpoint was committed.
   */
  @Test
  void enginesKilledAtRandomUnderLoadAreReplacedAndNoCommittedStepRunsAgain() {
    killAtRandomUnderLoad(300, db.jdbcUrl(), List.of(), 30);
  }

  /**
   * The same through PgBouncer in transaction mode: poll-only engines, naming the test's schema
   * (a pooler refuses the URL's {@code currentSchema}), built with migrate(false). Skipped, with
   * the reason, when {@code DURABLE_PGBOUNCER_URL} is not set.
   */
  @Test
  void enginesBehindAPoolerKilledAtRandomAreReplacedAndNoCommittedStepRunsAgain() {
    String pooler = System.getenv(TestDatabase.PGBOUNCER_URL_VARIABLE);
    assumeTrue(pooler != null && !pooler.isBlank(), TestDatabase.PGBOUNCER_URL_VARIABLE
        + " is not set, so the PgBouncer variant is skipped; .ci/run sets it");
    String schema = (String) db.query("SELECT current_schema()").get(0).get(0);
    // started over 20 s rather than 10: poll-only engines take up new runs a poll later, and the
    // runs must outlast enough kills on a loaded machine
    killAtRandomUnderLoad(300, pooler, List.of("schema=" + schema, "pollOnly=true"), 15);
  }

  private void killAtRandomUnderLoad(
      int runs, String engineUrl, List<String> engineOptions, int startsPerSecond) {
    Random random = new Random();
    AtomicInteger names = new AtomicInteger();
    for (int i = 0; i < 3; i++) {
      startEngine("crash-" + names.incrementAndGet(), engineUrl, SHORT_LEASE, 4, engineOptions);
    }
    awaitReady();
    long started = System.nanoTime();
    CompletableFuture<Void> feeding = feed(runs, startsPerSecond, n -> n % 2 == 0);

    List<String> kills = new ArrayList<>();
    // generous: on a loaded machine the replacement JVMs take long to become ready, and the
    // loop kills only while two are; on an idle one it ends with the runs, in seconds
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(240);
    while ((!feeding.isDone() || (kills.size() < 6 && completed() < runs))
        && System.nanoTime() < deadline) {
      sleep(300 + random.nextInt(500));
      List<EngineProcess> ready =
          engines.stream().filter(e -> e.isAlive() && e.isReady()).toList();
      if (ready.size() < 2) {
        continue; // keep one engine working while the replacements start
      }
      EngineProcess victim = ready.get(random.nextInt(ready.size()));
      victim.kill();
      kills.add(victim.engineId() + " after " + completed() + " runs");
      startEngine("crash-" + names.incrementAndGet(), engineUrl, SHORT_LEASE, 4, engineOptions);
    }
    feeding.join();
    awaitCompleted(runs, Duration.ofSeconds(90));
    double seconds = (System.nanoTime() - started) / 1e9;

    assertEveryRunCompletedWithItsSteps(runs, n -> n % 2 == 0);
    assertNoStepRanAfterItsCheckpoint();
    // an attempt cut by a kill is recorded by the engine taking the run over, and made again as
    // the next attempt (assertEveryRunCompletedWithItsSteps: no attempt executed twice)
    long reExecuted = db.queryLong(
        "SELECT COUNT(*) FROM durable_events WHERE type = 'step.interrupted'");
    long takeovers = db.queryLong("SELECT COUNT(*) FROM durable_events"
        + " WHERE type = 'run.claimed' AND detail LIKE '%took over%'");
    long backoffsMoved = db.queryLong("SELECT COUNT(DISTINCT first.run_id)"
        + " FROM load_executions first JOIN load_executions second"
        + " ON second.run_id = first.run_id AND second.step = 'charge' AND second.attempt = 2"
        + " WHERE first.step = 'charge' AND first.attempt = 1 AND first.engine <> second.engine");
    figures(String.format("crashes: %d runs in %.1f s with %d kills %s; %d step attempts may have"
            + " run on an engine that died, each made again as the next attempt; %d lease"
            + " takeovers; %d charges retried after their"
            + " backoff on another engine; executions by engine: %s%n",
        runs, seconds, kills.size(), kills, reExecuted, takeovers, backoffsMoved,
        executionsByEngine()));
    assertTrue(kills.size() >= 3, "too few kills to prove anything: " + kills);
    assertTrue(reExecuted > 0,
        "no kill landed in the middle of a step, so the test proved little; kills: " + kills);
    assertSurvivorsAliveWithoutErrors();
  }

  // ---- (b) load

  /**
   * Three engine JVMs share 2,000 runs that the test starts as fast as it can: every step attempt
   * executes exactly once (the charges of one run in five fail once and are retried after a
   * durable backoff, possibly on another engine), and more than one engine did the work.
   */
  @Test
  void threeEngineJvmsCompleteThousandsOfRunsExactlyOnce() {
    int runs = 2_000;
    IntPredicate failOnce = n -> n % 5 == 0;
    for (int i = 1; i <= 3; i++) {
      // long leases: no engine dies here, so no run may change hands but by a claim
      startEngine("engine-" + i, db.jdbcUrl(), Duration.ofSeconds(30), 6);
    }
    awaitReady();
    long started = System.nanoTime();
    CompletableFuture<Void> feeding = feed(runs, 0, failOnce);
    awaitCompleted(runs, Duration.ofSeconds(150));
    feeding.join();
    double seconds = (System.nanoTime() - started) / 1e9;

    assertEveryRunCompletedWithItsSteps(runs, failOnce);
    assertNoStepRanAfterItsCheckpoint();
    List<List<Object>> twice = db.query("SELECT run_id, step, attempt, COUNT(*),"
        + " STRING_AGG(engine, ',') FROM load_executions GROUP BY run_id, step, attempt"
        + " HAVING COUNT(*) > 1 ORDER BY run_id LIMIT 20");
    assertEquals(List.of(), twice, "step attempts executed more than once");
    long failing = IntStream.range(0, runs).filter(failOnce).count();
    assertEquals(3L * runs + failing, db.queryLong("SELECT COUNT(*) FROM load_executions"),
        "every step attempt executed once: three steps a run, and the failing charges twice");

    Map<String, Long> byEngine = runsByEngine();
    long moved = db.queryLong("SELECT COUNT(*) FROM (SELECT run_id FROM load_executions"
        + " GROUP BY run_id HAVING COUNT(DISTINCT engine) > 1) moved");
    figures(String.format("load: %d runs on 3 engine JVMs in %.1f s (%.0f runs/s); runs executed by"
            + " engine: %s; %d runs were executed by more than one engine%n",
        runs, seconds, runs / seconds, byEngine, moved));
    assertTrue(byEngine.size() > 1, "only one engine did any work: " + byEngine);
    assertSurvivorsAliveWithoutErrors();
  }

  // ---- (c) connection cut

  /**
   * Two engine JVMs reach PostgreSQL through a TCP proxy; mid-load the proxy closes every
   * connection and refuses new ones for five seconds (longer than the 2 s leases), while the test
   * goes on starting runs directly. While cut, nothing completes, the engines keep trying to
   * reconnect, and each logs a warning that it cannot reach its store; once restored, every run
   * completes within a bound, none is stranded, and no committed step ran again.
   *
   * <p>Which of an engine's warnings comes first depends on which connection it happens to use:
   * one that was just in use fails at once, a new one waits for the pool's connection timeout
   * (30 s). So the test asks of each engine some warning of its own about the store (the poll's,
   * a run's, or the lease renewal's), and {@link
   * #anEngineCutOffFromItsDatabaseWarnsAtEveryPollRetry()} asks the poll's in particular.
   */
  @Test
  void connectionsCutAndRestoredMidLoadStrandNoRun() {
    int runs = 400;
    IntPredicate failOnce = n -> n % 2 == 0;
    proxy = TcpProxy.toPostgres(db.jdbcUrl());
    String throughProxy = proxy.route(db.jdbcUrl());
    startEngine("cut-1", throughProxy, SHORT_LEASE, 4);
    startEngine("cut-2", throughProxy, SHORT_LEASE, 4);
    awaitReady();
    CompletableFuture<Void> feeding = feed(runs, 50, failOnce);
    Await.until("the load is under way", Duration.ofSeconds(60), POLL,
        () -> completed() >= runs / 5);

    proxy.cut();
    long cutAt = System.nanoTime();
    sleep(1_000); // turns whose connections were just closed give up
    long frozen = completed();
    sleep(4_000);
    long stillFrozen = completed();
    Map<EngineProcess, List<String>> warnings = new HashMap<>();
    for (EngineProcess engine : engines) {
      warnings.put(engine, storeWarnings(engine));
    }
    int refused = proxy.refused();
    proxy.restore();
    long restoredAt = System.nanoTime();

    awaitCompleted(runs, Duration.ofSeconds(60));
    feeding.join();
    double recovery = (System.nanoTime() - restoredAt) / 1e9;
    figures(String.format("connection cut: %.1f s cut after %d runs; %d connection attempts refused"
            + " while cut; all %d runs completed %.1f s after the restore; warnings while cut:%n"
            + "  %s%n",
        (restoredAt - cutAt) / 1e9, frozen, refused, runs, recovery,
        warnings.entrySet().stream()
            .flatMap(e -> e.getValue().stream().limit(3).map(w -> e.getKey().engineId() + " " + w))
            .collect(Collectors.joining("\n  "))));
    assertEquals(frozen, stillFrozen, "no run completed while the engines were cut off");
    assertTrue(refused > 0, "the engines did not try to reconnect while cut");
    for (EngineProcess engine : engines) {
      assertTrue(!warnings.get(engine).isEmpty(),
          engine + " logged no warning about its store while cut; its output:\n" + tail(engine));
    }
    assertEveryRunCompletedWithItsSteps(runs, failOnce);
    assertNoStepRanAfterItsCheckpoint();
    assertSurvivorsAliveWithoutErrors();
  }

  // ---- engine bugs found by these tests: each test fails until its bug is fixed

  /**
   * While its database is unreachable, an engine says so at every poll retry, at the backoff it
   * announces ("retrying in 200 ms", 400, 800...), and says why: the pool gives up on a connection
   * after 5 s instead of HikariCP's 30 s, and a failed rollback on a broken connection does not
   * replace the error that broke it.
   */
  @Test
  void anEngineCutOffFromItsDatabaseWarnsAtEveryPollRetry() {
    proxy = TcpProxy.toPostgres(db.jdbcUrl());
    EngineProcess engine = startEngine("idle-1", proxy.route(db.jdbcUrl()), SHORT_LEASE, 4);
    engine.awaitReady(ENGINE_START);
    sleep(1_000); // polling its empty store
    int before = engine.output().size();
    proxy.cut();
    try {
      Await.until("the engine warned at three poll retries", Duration.ofSeconds(20), POLL,
          () -> pollWarnings(engine, before).size() >= 3);
    } finally {
      proxy.restore();
    }
    List<String> warnings = pollWarnings(engine, before);
    assertEquals(List.of(), warnings.stream()
            .filter(w -> w.contains(": Connection is closed;")).toList(),
        "warnings that report the pool's closed connection (a failed rollback) instead of why"
            + " the store failed");
  }

  private static List<String> pollWarnings(EngineProcess engine, int from) {
    List<String> output = engine.output();
    return output.subList(from, output.size()).stream()
        .filter(line -> line.contains("cannot poll the store")).toList();
  }

  /**
   * The engines' connections fall silent mid-load for three seconds (nothing is closed, nothing
   * answers: a dropped network, a database host that vanished, a failover), then the network
   * returns and new connections work. Every run completes, taken over by whichever engine can
   * reach the database: the engine's PostgreSQL connections time out reads after 10 s, so no
   * thread waits forever on a silent connection.
   */
  @Test
  void connectionsThatFallSilentMidLoadStrandNoRunOnceTheNetworkReturns() {
    int runs = 200;
    IntPredicate failOnce = n -> n % 2 == 0;
    proxy = TcpProxy.toPostgres(db.jdbcUrl());
    String throughProxy = proxy.route(db.jdbcUrl());
    startEngine("silent-1", throughProxy, SHORT_LEASE, 4);
    startEngine("silent-2", throughProxy, SHORT_LEASE, 4);
    awaitReady();
    CompletableFuture<Void> feeding = feed(runs, 50, failOnce);
    Await.until("the load is under way", Duration.ofSeconds(60), POLL,
        () -> completed() >= runs / 5);

    proxy.silence();
    sleep(3_000);
    proxy.restore();
    long restoredAt = System.nanoTime();

    awaitCompleted(runs, Duration.ofSeconds(60));
    feeding.join();
    figures(String.format("silent connections: all %d runs completed %.1f s after the network"
        + " returned%n", runs, (System.nanoTime() - restoredAt) / 1e9));
    assertEveryRunCompletedWithItsSteps(runs, failOnce);
    assertNoStepRanAfterItsCheckpoint();
  }

  // ---- engines and load

  private EngineProcess startEngine(String id, String url, Duration lease, int concurrency) {
    return startEngine(id, url, lease, concurrency, List.of());
  }

  private EngineProcess startEngine(
      String id, String url, Duration lease, int concurrency, List<String> more) {
    List<String> options = new ArrayList<>(List.of(
        "url=" + url,
        "journal=" + db.jdbcUrl(),
        "lease=" + lease.toMillis(),
        "poll=" + POLL.toMillis(),
        "concurrency=" + concurrency,
        "stepMs=5-20"));
    options.addAll(more);
    EngineProcess engine = EngineProcess.start(id, options);
    engines.add(engine);
    return engine;
  }

  private void awaitReady() {
    for (EngineProcess engine : engines) {
      engine.awaitReady(ENGINE_START);
    }
  }

  private static String runId(int n) {
    return String.format("run-%05d", n);
  }

  /**
   * Starts runs 0 to {@code runs - 1} through the client engine: {@code perSecond} a second, or as
   * fast as four threads can when it is 0.
   */
  private CompletableFuture<Void> feed(int runs, int perSecond, IntPredicate failOnce) {
    LoadWorkflowClient runsClient = LoadWorkflowClient.of(client);
    if (perSecond > 0) {
      return CompletableFuture.runAsync(() -> {
        long start = System.nanoTime();
        for (int n = 0; n < runs; n++) {
          long due = start + TimeUnit.MILLISECONDS.toNanos(n * 1000L / perSecond);
          long wait = due - System.nanoTime();
          if (wait > 0) {
            sleep(TimeUnit.NANOSECONDS.toMillis(wait));
          }
          runsClient.start(runId(n), new LoadJob(n, failOnce.test(n)));
        }
      }, feeders);
    }
    AtomicInteger next = new AtomicInteger();
    List<CompletableFuture<Void>> threads = new ArrayList<>();
    for (int t = 0; t < 4; t++) {
      threads.add(CompletableFuture.runAsync(() -> {
        int n;
        while ((n = next.getAndIncrement()) < runs) {
          runsClient.start(runId(n), new LoadJob(n, failOnce.test(n)));
        }
      }, feeders));
    }
    return CompletableFuture.allOf(threads.toArray(CompletableFuture[]::new));
  }

  private long completed() {
    return db.queryLong("SELECT COUNT(*) FROM durable_runs WHERE status = 'COMPLETED'");
  }

  /** Waits until all runs ended (a failed one fails the checks after this, with its error). */
  private void awaitCompleted(int runs, Duration timeout) {
    try {
      Await.until("all " + runs + " runs completed", timeout, Duration.ofMillis(250),
          () -> db.queryLong("SELECT COUNT(*) FROM durable_runs"
              + " WHERE status IN ('COMPLETED', 'FAILED', 'CANCELLED')") == runs);
    } catch (AssertionError e) {
      StringBuilder details = new StringBuilder(e.getMessage()).append("; runs by status: ")
          .append(db.query("SELECT status, COUNT(*) FROM durable_runs GROUP BY status"))
          .append("; some unfinished: ")
          .append(db.query("SELECT run_id, status, lease_owner, lease_until, due_at, epoch"
              + " FROM durable_runs WHERE status <> 'COMPLETED' ORDER BY run_id LIMIT 10"))
          .append("; now ").append(db.query("SELECT clock_timestamp()"));
      for (EngineProcess engine : engines) {
        if (engine.isAlive()) {
          details.append("\n--- ").append(engine).append(", its output:\n").append(tail(engine))
              .append("\n--- its engine's threads now:\n").append(engine.engineThreads());
        }
      }
      throw new AssertionError(details.toString(), e);
    }
  }

  // ---- checks

  /** {@link LoadChecks#assertEveryRunCompletedWithItsSteps} of runs 0 to {@code runs - 1}. */
  private void assertEveryRunCompletedWithItsSteps(int runs, IntPredicate failOnce) {
    Map<String, LoadJob> jobs = new LinkedHashMap<>();
    for (int n = 0; n < runs; n++) {
      jobs.put(runId(n), new LoadJob(n, failOnce.test(n)));
    }
    LoadChecks.assertEveryRunCompletedWithItsSteps(db, client, jobs);
  }

  private void assertNoStepRanAfterItsCheckpoint() {
    LoadChecks.assertNoStepRanAfterItsCheckpoint(db);
  }

  /** The engines the test did not kill are still running, and no engine logged an error. */
  private void assertSurvivorsAliveWithoutErrors() {
    for (EngineProcess engine : engines) {
      assertTrue(engine.isAlive() || engine.wasKilled(), engine + " died:\n" + tail(engine));
      assertEquals(List.of(), engine.linesContaining(" ERROR "), engine + " logged errors");
    }
  }

  private Map<String, Long> executionsByEngine() {
    return db.query("SELECT engine, COUNT(*) FROM load_executions GROUP BY engine ORDER BY engine")
        .stream().collect(Collectors.toMap(
            row -> (String) row.get(0), row -> ((Number) row.get(1)).longValue(),
            (a, b) -> a, TreeMap::new));
  }

  private Map<String, Long> runsByEngine() {
    return db.query("SELECT engine, COUNT(DISTINCT run_id) FROM load_executions GROUP BY engine"
            + " ORDER BY engine")
        .stream().collect(Collectors.toMap(
            row -> (String) row.get(0), row -> ((Number) row.get(1)).longValue(),
            (a, b) -> a, TreeMap::new));
  }

  /**
   * Adds a line of what the test measured to {@code target/scale-out-logs/figures.txt}: figures
   * for a reader looking into a run, not for the build's output (nor asserted: timings belong to
   * the benchmarks).
   */
  private static void figures(String line) {
    Path file = Path.of("target", "scale-out-logs", "figures.txt");
    try {
      Files.createDirectories(file.getParent());
      Files.writeString(file, line, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException("could not write " + file, e);
    }
  }

  /** Keeps what each engine printed in {@code target/scale-out-logs/<test>/<engine>.log}. */
  private void saveEngineLogs(String testName) {
    Path dir = Path.of("target", "scale-out-logs", testName);
    try {
      Files.createDirectories(dir);
      for (EngineProcess engine : engines) {
        Files.write(dir.resolve(engine.engineId() + ".log"), engine.output());
      }
    } catch (IOException e) {
      System.err.println("could not keep the engines' logs in " + dir + ": " + e);
    }
  }

  /** The engine's own warnings (not its pool's) that it could not use its store. */
  private static List<String> storeWarnings(EngineProcess engine) {
    return engine.linesContaining(" WARN dev.durable.runtime.").stream()
        .filter(line -> line.contains("store") || line.contains("leases"))
        .toList();
  }

  private static String tail(EngineProcess engine) {
    List<String> output = engine.output();
    return String.join("\n", output.subList(Math.max(0, output.size() - 40), output.size()));
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }
}
