package dev.durable.tests.support;

import dev.durable.runtime.DurableEngine;
import dev.durable.tests.workflows.LoadWorkflowDurable;
import java.io.IOException;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * An engine process of the multi-process tests, started by {@link EngineProcess}. Its arguments
 * are {@code key=value} pairs:
 *
 * <ul>
 *   <li>{@code id}: the engine id, also written to the execution journal;
 *   <li>{@code url}: the engine's JDBC URL (possibly through a test's proxy);
 *   <li>{@code journal}: the execution journal's JDBC URL, straight to the database;
 *   <li>{@code lease}, {@code poll}: lease duration and poll interval in milliseconds;
 *   <li>{@code concurrency}: {@code maxConcurrentRuns}; left out, the engine's default;
 *   <li>{@code stepMs}: how long each step works, {@code min-max} milliseconds;
 *   <li>{@code schema}: the engine's {@code schema}; left out, the URL's;
 *   <li>{@code pollOnly}: {@code true} for a poll-only engine that does not migrate (behind
 *       PgBouncer).
 * </ul>
 *
 * <p>It starts the engine, prints {@value #READY} with its engine id once the engine is started,
 * and runs until it is killed or its standard input closes (the test JVM went away).
 */
public final class LoadChild {
  /** The line that says the engine is started. */
  public static final String READY = "READY";

  private LoadChild() {}

  /** A child engine's {@code name=value} arguments, by name. */
  static Map<String, String> options(String[] args) {
    Map<String, String> options = new HashMap<>();
    for (String arg : args) {
      int eq = arg.indexOf('=');
      options.put(arg.substring(0, eq), arg.substring(eq + 1));
    }
    return options;
  }

  public static void main(String[] args) throws IOException {
    Map<String, String> options = options(args);
    String id = options.get("id");
    String[] stepMs = options.get("stepMs").split("-");
    ExecutionJournal journal = new ExecutionJournal(options.get("journal"), id);
    DurableEngine.Builder builder = DurableEngine.builder()
        .jdbcUrl(options.get("url"))
        .discover(false)
        .engineId(id)
        .leaseDuration(Duration.ofMillis(Long.parseLong(options.get("lease"))))
        .pollInterval(Duration.ofMillis(Long.parseLong(options.get("poll"))))
        .register(new LoadWorkflowDurable(
            journal, Integer.parseInt(stepMs[0]), Integer.parseInt(stepMs[1])));
    if (options.containsKey("schema")) {
      builder.schema(options.get("schema"));
    }
    if (Boolean.parseBoolean(options.get("pollOnly"))) {
      builder.pollOnly(true).migrate(false);
    }
    if (options.containsKey("concurrency")) {
      builder.maxConcurrentRuns(Integer.parseInt(options.get("concurrency")));
    }
    DurableEngine engine = builder.build();
    engine.start();
    System.out.println(READY + " " + id);
    System.out.flush();
    // Runs until killed; exits if the test JVM that reads this process is gone.
    while (System.in.read() != -1) {
      // nothing is sent
    }
    System.exit(3);
  }
}
