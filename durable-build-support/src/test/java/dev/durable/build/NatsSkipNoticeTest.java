package dev.durable.build;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.AbstractTestDescriptor;
import org.junit.platform.launcher.TestIdentifier;

/**
 * The NATS tests skipped by {@link OnNats} for want of {@code DURABLE_NATS_URL} are explained once;
 * nothing is said for other skips or when the variable is set.
 */
class NatsSkipNoticeTest {
  private static final String NATS_SKIP = "Environment variable [DURABLE_NATS_URL] does not"
      + " exist ==> DURABLE_NATS_URL is not set, so the NATS tests are skipped";

  private final ByteArrayOutputStream printed = new ByteArrayOutputStream();

  private NatsSkipNotice notice(String natsUrl) {
    return new NatsSkipNotice(new PrintStream(printed, true, StandardCharsets.UTF_8), natsUrl);
  }

  @Test
  void theFirstSkipForWantOfTheVariableIsExplainedOnce() {
    NatsSkipNotice notice = notice(null);
    notice.executionSkipped(test(), "disabled for another reason");
    assertEquals("", printed.toString(StandardCharsets.UTF_8));
    notice.executionSkipped(test(), NATS_SKIP);
    notice.executionSkipped(test(), NATS_SKIP);
    assertEquals("NATS tests skipped: DURABLE_NATS_URL is not set (start nats-server -js and"
        + " export DURABLE_NATS_URL=nats://127.0.0.1:4222 to run them)" + System.lineSeparator(),
        printed.toString(StandardCharsets.UTF_8));
  }

  @Test
  void nothingIsSaidWhenTheVariableIsSet() {
    notice("nats://127.0.0.1:4222").executionSkipped(test(), NATS_SKIP);
    assertEquals("", printed.toString(StandardCharsets.UTF_8));
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
