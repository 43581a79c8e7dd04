package dev.durable.build;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.AbstractTestDescriptor;
import org.junit.platform.launcher.TestIdentifier;
import org.opentest4j.TestAbortedException;

/**
 * The PostgreSQL tests skipped for want of {@code DURABLE_PG_URL} are explained once, in one line
 * saying what to export; nothing is said for other skips or when the variable is set.
 */
class PostgresSkipNoticeTest {
  private static final String PG_SKIP =
      "DURABLE_PG_URL is not set, so the PostgreSQL variant is skipped";

  private final ByteArrayOutputStream printed = new ByteArrayOutputStream();

  private PostgresSkipNotice notice(String pgUrl) {
    return new PostgresSkipNotice(new PrintStream(printed, true, StandardCharsets.UTF_8), pgUrl);
  }

  private String printed() {
    return printed.toString(StandardCharsets.UTF_8);
  }

  @Test
  void theFirstSkipForWantOfTheVariableIsExplainedOnce() {
    PostgresSkipNotice notice = notice(null);
    notice.executionFinished(test(), TestExecutionResult.successful());
    notice.executionFinished(test(),
        TestExecutionResult.aborted(new TestAbortedException("Assumption failed: not on Windows")));
    notice.executionSkipped(test(), "disabled for another reason");
    assertEquals("", printed(), "other skips are not about PostgreSQL");

    notice.executionFinished(test(),
        TestExecutionResult.aborted(new TestAbortedException("Assumption failed: " + PG_SKIP)));
    notice.executionSkipped(test(), PG_SKIP);
    notice.executionFinished(test(),
        TestExecutionResult.aborted(new TestAbortedException("Assumption failed: " + PG_SKIP)));

    assertEquals("PostgreSQL tests skipped: DURABLE_PG_URL is not set (export"
        + " DURABLE_PG_URL=jdbc:postgresql://127.0.0.1:5432/test?user=postgres to run them)"
        + System.lineSeparator(), printed());
  }

  @Test
  void nothingIsSaidWhenTheVariableIsSet() {
    PostgresSkipNotice notice = notice("jdbc:postgresql://db:5432/test");
    notice.executionSkipped(test(), PG_SKIP);
    assertEquals("", printed());
  }

  private static TestIdentifier test() {
    return TestIdentifier.from(
        new AbstractTestDescriptor(UniqueId.forEngine("fixture"), "a test") {
          @Override
          public Type getType() {
            return Type.TEST;
          }
        });
  }
}
