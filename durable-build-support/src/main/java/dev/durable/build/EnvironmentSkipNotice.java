package dev.durable.build;

import java.io.PrintStream;
import java.util.Optional;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;

/**
 * Says once per test JVM why tests were skipped for want of an environment variable that names a
 * server (a database, a broker): Maven's console shows only how many tests were skipped, not why.
 * It reacts to any test skipped or aborted for a reason that names the variable (an {@code
 * assumeTrue} or an {@code @EnabledIfEnvironmentVariable}), and says nothing when it is set.
 */
abstract class EnvironmentSkipNotice implements TestExecutionListener {
  private final PrintStream out;
  private final String variable;
  private final boolean set;
  private final String notice;
  private boolean said;

  EnvironmentSkipNotice(PrintStream out, String variable, String value, String notice) {
    this.out = out;
    this.variable = variable;
    this.set = value != null && !value.isBlank();
    this.notice = notice;
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
    if (!said && !set && Optional.ofNullable(reason).orElse("").contains(variable)) {
      said = true;
      out.println(notice);
    }
  }
}
