package dev.durable.samples.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.RunFailedException;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationContext;

/** The sample application on H2, in memory: it starts, and its workflow runs to completion. */
@SpringBootTest(properties = {"spring.datasource.url=jdbc:h2:mem:sample", "spring.main.banner-mode=off"})
class SampleApplicationTest {
  private static final Duration WAIT = Duration.ofSeconds(10);

  @Autowired DurableEngine engine;
  @Autowired Mailer mailer;
  @Autowired ApplicationContext context;
  @Autowired MeterRegistry meters;

  @Test
  void anOrderRunsToCompletionThroughTheApplicationsBeans() {
    String result =
        OrderWorkflowClient.of(engine).start(new Order("ada@example.com", "teapot", 2)).await(WAIT);

    assertThat(result).isEqualTo("reserved 2 teapot, 8 left");
    // sent by the starter's worker, which serves MailSteps with the Mailer bean
    assertThat(mailer.sent()).containsExactly("ada@example.com: 2 teapot are on their way");
    // reported to the application's meter registry (Actuator's)
    assertThat(meters.get("durable.runs.completed").counter().count()).isGreaterThanOrEqualTo(1);
  }

  @Test
  void anOrderBeyondTheStockFailsAfterItsRetries() {
    var run = OrderWorkflowClient.of(engine).start(new Order("bob@example.com", "teapot", 99));

    RunFailedException failure = assertThrows(
        RunFailedException.class, () -> run.await(WAIT));

    assertThat(failure).hasMessageContaining("not enough teapot in stock for 99");
  }

  @Test
  void theDurableHealthIndicatorIsUp() {
    assertThat(HealthStatus.of(context.getBean("durableHealthIndicator"))).isEqualTo("UP");
  }
}
