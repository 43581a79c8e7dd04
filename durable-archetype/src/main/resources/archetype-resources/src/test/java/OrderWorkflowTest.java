package ${package};

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.durable.runtime.RunHandle;
import dev.durable.test.DurableTest;
import dev.durable.test.DurableTestEnv;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

@DurableTest                                               // each test gets a DurableTestEnv
class OrderWorkflowTest {
  private OrderWorkflowClient orders;

  @BeforeEach
  void register(DurableTestEnv env) {
    env.register(new OrderWorkflowDurable(new Inventory()));
    orders = OrderWorkflowClient.of(env.engine());         // an engine on a fresh in-memory H2
  }

  @Test
  void shipsOnceTheCancellationWindowHasPassed(DurableTestEnv env) {
    RunHandle<String> run = orders.start("socks");
    env.runUntilIdle();                                     // reserves, then sleeps
    env.advance(OrderWorkflow.CANCELLATION_WINDOW);         // the window passes at once
    assertEquals("shipped reservation of socks", run.await(Duration.ofSeconds(1)));
    env.history(run.id()).containsInOrder(
        "step.completed reserve", "timer.started", "step.completed ship", "run.completed");
  }

  @Test
  void retriesAReservationThatFailed(DurableTestEnv env) {
    env.failNextAttempt("reserve", new IllegalStateException("inventory is down"));
    RunHandle<String> run = orders.start("socks");
    env.runUntilIdle();                                     // the backoff passes at once
    env.advance(OrderWorkflow.CANCELLATION_WINDOW);
    assertEquals("shipped reservation of socks", run.await(Duration.ofSeconds(1)));
    assertEquals(2, env.engine().getRunStatus(run.id()).steps().get(0).attempts());
  }
}
