package dev.durable.build;

import java.io.PrintStream;

/**
 * Says once per test JVM why PostgreSQL tests were skipped, when {@value #VARIABLE} is not set.
 * Registered in {@code META-INF/services/org.junit.platform.launcher.TestExecutionListener}.
 */
public final class PostgresSkipNotice extends EnvironmentSkipNotice {
  static final String VARIABLE = "DURABLE_PG_URL";
  static final String NOTICE = "PostgreSQL tests skipped: " + VARIABLE + " is not set (export "
      + VARIABLE + "=jdbc:postgresql://127.0.0.1:5432/test?user=postgres to run them)";

  public PostgresSkipNotice() {
    this(System.out, System.getenv(VARIABLE));
  }

  PostgresSkipNotice(PrintStream out, String pgUrl) {
    super(out, VARIABLE, pgUrl, NOTICE);
  }
}
