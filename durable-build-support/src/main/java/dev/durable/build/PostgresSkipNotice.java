package dev.durable.build;

import java.io.PrintStream;
import java.util.Optional;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;

/**
 * Says once per test JVM why PostgreSQL tests were skipped, when {@value #VARIABLE} is not set:
 * Maven's console shows only how many tests were skipped, not why. Registered in
 * {@code META-INF/services/org.junit.platform.launcher.TestExecutionListener}; it reacts to any
 * test skipped or aborted for a reason that names the variable (an {@code assumeTrue} or an
 * {@code @EnabledIfEnvironmentVariable}).
 */
public final class PostgresSkipNotice implements TestExecutionListener {
  static final String VARIABLE = "DURABLE_PG_URL";
  static final String NOTICE = "PostgreSQL tests skipped: " + VARIABLE + " is not set (export "
      + VARIABLE + "=jdbc:postgresql://127.0.0.1:5432/test?user=postgres to run them)";

  private final PrintStream out;
  private final boolean pgUrlSet;
  private boolean said;

  public PostgresSkipNotice() {
    this(System.out, System.getenv(VARIABLE));
  }

  PostgresSkipNotice(PrintStream out, String pgUrl) {
    this.out = out;
    this.pgUrlSet = pgUrl != null && !pgUrl.isBlank();
  }

  @Override
  public void executionSkipped(TestIdentifier test, String reason) {
    noticeIf(reason);
  }

  @Override
  public void executionFinished(TestIdentifier test, TestExecutionResult result) {
    if (result.getStatus() == TestExecutionResult.Status.ABORTED) {
      noticeIf(result.getThrowable().map(Throwable::getMessage).orElse(null));
    }
  }

  private synchronized void noticeIf(String reason) {
    if (!said && !pgUrlSet && Optional.ofNullable(reason).orElse("").contains(VARIABLE)) {
      said = true;
      out.println(NOTICE);
    }
  }
}
