package dev.durable.test.workflows;

import dev.durable.annotations.Backoff;
import dev.durable.annotations.OnError;
import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.RunError;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Reserves stock (one attempt only), then charges a card (three attempts, ten minutes apart); a
 * declined card completes the run by its route.
 */
@Workflow(name = "payment")
public class PaymentWorkflow {
  public final AtomicInteger reservations = new AtomicInteger();
  public final AtomicInteger charges = new AtomicInteger();

  @Step
  protected String reserve(String order) {
    reservations.incrementAndGet();
    return "R-" + order;
  }

  @Step(retries = 3, backoff = Backoff.FIXED, backoffMs = 600_000)
  protected String charge(String order) {
    charges.incrementAndGet();
    return "ch_" + order;
  }

  @Run
  public String run(String order) {
    return reserve(order) + ", " + charge(order);
  }

  @OnError(code = "declined")
  protected String declined(String order, RunError error) {
    return "declined: " + error.message();
  }
}
