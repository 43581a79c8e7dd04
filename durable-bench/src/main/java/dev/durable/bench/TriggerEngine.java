package dev.durable.bench;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.StartOptions;
import dev.durable.runtime.TriggerInfo;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * An engine of phase (u) in a JVM of its own, as {@link ScaleEngine} is for phase (r): Durable's
 * defaults, given a JDBC URL, an engine id and {@link TriggerBenchWorkflow}, and either a trigger
 * on the pass's stream or queue ({@link TriggerSource}) or, for the plain start, a thread of its
 * own that starts this engine's part of the runs with the generated client's {@code start(runId,
 * input)}: one thread, as a trigger starts its runs from one. It warms up first ({@value
 * #WARM_UP_RUNS} runs in a schema of its own, dropped after), says {@value EngineJvm#READY} once
 * built, starts (its engine, and the plain starts) when it reads a line, and when its standard
 * input ends prints what it started ({@value #STATS} and five counts: consumed, started,
 * duplicates, redelivered, dead-lettered) and closes.
 */
public final class TriggerEngine {
  static final String STATS = "stats";
  /** The source of the plain start, which has no broker. */
  static final String PLAIN = "plain";
  static final int WARM_UP_RUNS = 1_000;
  /** How long an engine may take to warm up and be built. */
  static final Duration READY_TIMEOUT = Duration.ofSeconds(120);

  /** What an engine started, as its triggers count it (for the plain start, its own count). */
  record Started(long consumed, long started, long duplicates, long redelivered,
      long deadLettered) {
    static final Started NONE = new Started(0, 0, 0, 0, 0);
  }

  /**
   * Arguments: the JDBC URL, the engine id, the source ({@value #PLAIN} or a broker of {@link
   * TriggerSource#BROKERS}), the stream or queue's name, this engine's index among the pass's
   * engines, their number, and the pass's runs (what the plain start splits among them).
   */
  public static void main(String[] args) throws Exception {
    String jdbcUrl = args[0];
    String engineId = args[1];
    String source = args[2];
    String name = args[3];
    int index = Integer.parseInt(args[4]);
    int engines = Integer.parseInt(args[5]);
    int runs = Integer.parseInt(args[6]);
    warmUp(jdbcUrl, engineId);
    TriggerSource broker = source.equals(PLAIN) ? null : TriggerSource.named(source);
    DurableEngine.Builder builder = DurableEngine.builder()
        .jdbcUrl(jdbcUrl)
        .engineId(engineId)
        .discover(false)
        .migrate(false)
        .register(new TriggerBenchWorkflowDurable());
    if (broker != null) {
      builder.trigger(broker.trigger(name));
    }
    try (DurableEngine engine = builder.build()) {
      System.out.println(EngineJvm.READY);
      System.out.flush();
      int read;
      while ((read = System.in.read()) != '\n') {
        if (read == -1) {
          return; // the pass ended before it began
        }
      }
      engine.start();
      PlainStarts plain = broker == null ? new PlainStarts(engine, index, engines, runs) : null;
      while (System.in.read() != -1) {
        // the bench closes this JVM's standard input when the pass is over
      }
      Started started = plain != null ? plain.await() : sum(engine.triggers());
      System.out.println(String.format(Locale.ROOT, "%s %d %d %d %d %d", STATS,
          started.consumed(), started.started(), started.duplicates(), started.redelivered(),
          started.deadLettered()));
      System.out.flush();
    } finally {
      if (broker != null) {
        broker.close();
      }
    }
  }

  /**
   * The plain start: this engine's part of the runs (every {@code engines}-th from {@code
   * index}), started one after another on a thread of its own by run id, as a trigger's start
   * does, the message's number as the input.
   */
  private static final class PlainStarts {
    private final Thread thread;
    private volatile long created;

    PlainStarts(DurableEngine engine, int index, int engines, int runs) {
      TriggerBenchWorkflowClient client = TriggerBenchWorkflowClient.of(engine);
      thread = new Thread(() -> {
        long made = 0;
        for (int i = index; i < runs; i += engines) {
          if (client.start("plain:" + i, i).created()) {
            made++;
          }
        }
        created = made;
      }, "plain-starts");
      thread.start();
    }

    Started await() throws InterruptedException {
      thread.join();
      return new Started(0, created, 0, 0, 0);
    }
  }

  private static Started sum(List<TriggerInfo> triggers) {
    Started sum = Started.NONE;
    for (TriggerInfo t : triggers) {
      sum = new Started(sum.consumed() + t.consumed(), sum.started() + t.started(),
          sum.duplicates() + t.duplicates(), sum.redelivered() + t.redelivered(),
          sum.deadLettered() + t.deadLettered());
    }
    return sum;
  }

  /**
   * Runs {@value #WARM_UP_RUNS} runs of the workflow on an engine of its own, in a schema next to
   * {@code jdbcUrl}'s, made for it and dropped after: started before the engine, so that its poll
   * claims them. The broker's client is not warmed up: its first messages are in the pass.
   */
  private static void warmUp(String jdbcUrl, String engineId) throws SQLException {
    String schema = "warm_up_" + ProcessHandle.current().pid();
    String url = jdbcUrl.replaceAll("currentSchema=[^&]*", "currentSchema=" + schema);
    try (Connection connection = DriverManager.getConnection(jdbcUrl);
        Statement statement = connection.createStatement()) {
      statement.execute("CREATE SCHEMA " + schema);
    }
    try (DurableEngine engine = DurableEngine.builder().jdbcUrl(url)
        .engineId(engineId + "-warm-up").discover(false)
        .register(new TriggerBenchWorkflowDurable())
        .build()) {
      List<RunHandle<Integer>> runs = new ArrayList<>();
      TriggerBenchWorkflowClient client = TriggerBenchWorkflowClient.of(engine);
      for (int i = 0; i < WARM_UP_RUNS; i++) {
        runs.add(client.start(StartOptions.builder().build(), i));
      }
      engine.start();
      for (RunHandle<Integer> run : runs) {
        run.await(READY_TIMEOUT);
      }
    } finally {
      try (Connection connection = DriverManager.getConnection(jdbcUrl);
          Statement statement = connection.createStatement()) {
        statement.execute("DROP SCHEMA " + schema + " CASCADE");
      }
    }
  }

  /** Launches an engine JVM of this program, its standard error to {@code log}. */
  static EngineJvm launch(String jdbcUrl, String engineId, String source, String name,
      int index, int engines, int runs, Path log) throws IOException {
    // the Kafka broker the bench's JVM started, if it did (KafkaSource)
    String kafka = "-D" + KafkaSource.BOOTSTRAP + "="
        + System.getProperty(KafkaSource.BOOTSTRAP, "");
    return EngineJvm.launch(TriggerEngine.class, List.of(kafka), List.of(jdbcUrl, engineId,
        source, name, Integer.toString(index), Integer.toString(engines), Integer.toString(runs)),
        engineId, log);
  }

  /**
   * What an engine said it started as it closed ({@link EngineJvm#finish}): its {@value #STATS}
   * line.
   */
  static Started started(EngineJvm engine) throws IOException, InterruptedException {
    for (String line : engine.finish()) {
      if (line.startsWith(STATS + " ")) {
        String[] n = line.split(" ");
        return new Started(Long.parseLong(n[1]), Long.parseLong(n[2]), Long.parseLong(n[3]),
            Long.parseLong(n[4]), Long.parseLong(n[5]));
      }
    }
    throw new IOException("engine " + engine.engineId() + " did not say what it started; see"
        + " its log, " + engine.log());
  }
}
