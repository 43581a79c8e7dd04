package dev.durable.bench;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.Queue;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.StartOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * An engine of phase (r) in a JVM of its own, as a team deploys one per machine: Durable's
 * defaults, given a JDBC URL, an engine id, the phase's two workflows and, where the pass runs
 * through a queue, the queue's declaration. It warms up first, as an engine that has run for a
 * while is warm: {@value #WARM_UP_RUNS} runs of each workflow, in a schema of its own that it drops
 * after. It says {@value EngineJvm#READY} on its standard output once built, starts when it reads a
 * line on its standard input ({@link EngineJvm#go}), so that the engines of a pass start together,
 * and closes when its standard input ends.
 */
public final class ScaleEngine {
  /** The queue the queued passes start their runs through. */
  static final String QUEUE = "scale";
  static final int WARM_UP_RUNS = 1_000;
  /** How long an engine may take to warm up and be built. */
  static final Duration READY_TIMEOUT = Duration.ofSeconds(60);

  /** Arguments: the JDBC URL, the engine id, the queue's concurrency (0: no queue). */
  public static void main(String[] args) throws IOException, SQLException {
    warmUp(args[0], args[1]);
    DurableEngine.Builder builder = DurableEngine.builder()
        .jdbcUrl(args[0])
        .engineId(args[1])
        .discover(false)
        .migrate(false)
        .register(new IoWorkflowDurable(new IoCall()))
        .register(new BenchWorkflowDurable());
    int concurrency = Integer.parseInt(args[2]);
    if (concurrency > 0) {
      builder.queue(queue(concurrency));
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
      while (System.in.read() != -1) {
        // the bench closes this JVM's standard input when the pass is over
      }
    }
  }

  /**
   * Runs {@value #WARM_UP_RUNS} runs of each workflow (the step of 1 ms) on an engine of its own,
   * in a schema next to {@code jdbcUrl}'s, made for it and dropped after: the runs are started
   * before the engine, so that its poll claims them, as in the pass.
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
        .register(new IoWorkflowDurable(new IoCall())).register(new BenchWorkflowDurable())
        .build()) {
      List<RunHandle<Integer>> runs = new ArrayList<>();
      for (int i = 0; i < WARM_UP_RUNS; i++) {
        runs.add(BenchWorkflowClient.of(engine).start(StartOptions.builder().build(), i));
        runs.add(IoWorkflowClient.of(engine).start(StartOptions.builder().build(), 1));
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

  static Queue queue(int concurrency) {
    return Queue.named(QUEUE).concurrency(concurrency);
  }

  /** Launches an engine JVM of this program, its standard error to {@code log}. */
  static EngineJvm launch(String jdbcUrl, String engineId, int queueConcurrency, Path log)
      throws IOException {
    return EngineJvm.launch(ScaleEngine.class, List.of(),
        List.of(jdbcUrl, engineId, Integer.toString(queueConcurrency)), engineId, log);
  }
}
