package dev.durable.samples;

import dev.durable.runtime.DurableEngine;
import dev.durable.samples.chat.ChatSample;
import dev.durable.samples.checkout.CheckoutSample;
import dev.durable.samples.expense.ExpenseSample;
import dev.durable.samples.intake.IntakeSample;
import dev.durable.samples.shipping.ShippingSample;
import dev.durable.samples.signup.SignupSample;
import dev.durable.samples.summaries.SummariesSample;
import dev.durable.samples.upgrade.UpgradeSample;
import java.io.PrintStream;
import java.util.Collections;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Runs one sample: {@code Main <sample> [jdbcUrl]}. Without a JDBC URL the engine uses its default
 * store, an H2 file database under {@code ./durable-data}: nothing to install.
 *
 * <p>From the repository root: {@code mvn -q package -DskipTests -Psample -Dsample=checkout} (or
 * {@code -Dsample=chat}, {@code -Dsample=signup}, {@code -Dsample=shipping}, {@code
 * -Dsample=expense}, {@code -Dsample=summaries}, {@code -Dsample=upgrade}, {@code
 * -Dsample=intake}, which needs a NATS server with JetStream); {@code
 * -Ddurable.jdbcUrl=<url>} passes the JDBC URL.
 */
public final class Main {
  /** Exit status for a command line that names no known sample. */
  public static final int USAGE = 2;

  /**
   * A sample: builds its engine from {@code engine} (and any worker on {@code jdbcUrl}), runs its
   * workflows and tells the story.
   */
  @FunctionalInterface
  public interface Sample {
    void run(DurableEngine.Builder engine, String jdbcUrl, PrintStream out);
  }

  private static final SortedMap<String, Sample> SAMPLES =
      Collections.unmodifiableSortedMap(new TreeMap<>(Map.of(
          "chat", (engine, jdbcUrl, out) -> ChatSample.run(engine, out),
          "checkout", (engine, jdbcUrl, out) -> CheckoutSample.run(engine, out),
          "expense", (engine, jdbcUrl, out) -> ExpenseSample.run(engine, out),
          "intake", (engine, jdbcUrl, out) -> IntakeSample.run(engine, out),
          "shipping", ShippingSample::run,
          "signup", (engine, jdbcUrl, out) -> SignupSample.run(engine, out),
          "summaries", (engine, jdbcUrl, out) -> SummariesSample.run(engine, out),
          "upgrade", (engine, jdbcUrl, out) -> UpgradeSample.run(engine, out))));

  private Main() {}

  public static void main(String[] args) {
    // Hibernate Validator logs through JBoss Logging, which would pick java.util.logging and print
    // its INFO banner; send it to SLF4J like the rest, quiet below WARN (simplelogger.properties).
    System.setProperty("org.jboss.logging.provider", "slf4j");
    int status = run(args, System.out, System.err);
    if (status != 0) {
      System.exit(status);
    }
  }

  /** Runs the sample {@code args} name, and returns the process's exit status. */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    Sample sample = args.length > 0 ? SAMPLES.get(args[0]) : null;
    if (sample == null || args.length > 2) {
      String problem =
          args.length == 0 ? "No sample named"
              : sample == null ? "Unknown sample '" + args[0] + "'"
              : "Too many arguments";
      err.println(problem + "; the samples are: " + String.join(", ", SAMPLES.keySet()) + ".");
      err.println("Usage: Main <sample> [jdbcUrl], or from the repository root:"
          + " mvn -q package -DskipTests -Psample -Dsample=<sample> [-Ddurable.jdbcUrl=<url>]");
      return USAGE;
    }
    DurableEngine.Builder engine = DurableEngine.builder();
    String jdbcUrl = DurableEngine.DEFAULT_JDBC_URL;
    // none is the default: the sample profile passes -Ddurable.jdbcUrl, which Maven's exec plugin
    // passes as null when it is empty
    if (args.length == 2 && args[1] != null && !args[1].isBlank()) {
      jdbcUrl = args[1];
      engine.jdbcUrl(jdbcUrl);
      out.printf("Sample '%s', store %s%n", args[0], args[1]);
    } else {
      out.printf("Sample '%s', store %s (the default)%n", args[0], DurableEngine.DEFAULT_JDBC_URL);
    }
    sample.run(engine, jdbcUrl, out);
    return 0;
  }
}
