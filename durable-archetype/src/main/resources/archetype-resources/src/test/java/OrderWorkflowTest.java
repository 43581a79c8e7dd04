package ${package};

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.testing.TestClock;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class OrderWorkflowTest {
  @Test
  void shipsOnceTheCancellationWindowHasPassed() {
    TestClock clock = TestClock.start();
    try (DurableEngine engine = DurableEngine.builder()
            .inMemory()
            .clock(clock)
            .register(new OrderWorkflowDurable(new Inventory()))
            .build()) {
      RunHandle<String> run = OrderWorkflowClient.of(engine).start("socks");
      engine.tick();
      clock.advance(OrderWorkflow.CANCELLATION_WINDOW);
      engine.tick();
      assertEquals("shipped reservation of socks", run.await(Duration.ofSeconds(1)));
    }
  }
}
