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
 * The RabbitMQ tests skipped by {@link OnRabbitMq} for want of {@code DURABLE_RABBITMQ_URL} are
 * explained once; nothing is said for other skips or when the variable is set.
 */
class RabbitMqSkipNoticeTest {
  private static final String RABBITMQ_SKIP = "Environment variable [DURABLE_RABBITMQ_URL] does"
      + " not exist ==> DURABLE_RABBITMQ_URL is not set, so the RabbitMQ tests are skipped";

  private final ByteArrayOutputStream printed = new ByteArrayOutputStream();

  private RabbitMqSkipNotice notice(String rabbitMqUrl) {
    return new RabbitMqSkipNotice(new PrintStream(printed, true, StandardCharsets.UTF_8),
        rabbitMqUrl);
  }

  @Test
  void theFirstSkipForWantOfTheVariableIsExplainedOnce() {
    RabbitMqSkipNotice notice = notice(null);
    notice.executionSkipped(test(), "disabled for another reason");
    assertEquals("", printed.toString(StandardCharsets.UTF_8));
    notice.executionSkipped(test(), RABBITMQ_SKIP);
    notice.executionSkipped(test(), RABBITMQ_SKIP);
    assertEquals("RabbitMQ tests skipped: DURABLE_RABBITMQ_URL is not set (start"
        + " rabbitmq-server -detached and export"
        + " DURABLE_RABBITMQ_URL=amqp://guest:guest@127.0.0.1:5672 to run them)"
        + System.lineSeparator(), printed.toString(StandardCharsets.UTF_8));
  }

  @Test
  void nothingIsSaidWhenTheVariableIsSet() {
    notice("amqp://guest:guest@127.0.0.1:5672").executionSkipped(test(), RABBITMQ_SKIP);
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
