package dev.durable.dashboard.flows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import java.util.concurrent.CountDownLatch;

/**
 * Pays for an order. Made with latches, its payment says it began ({@code entered}) and waits
 * until {@code released}: an engine can then lose the run in the middle of the payment.
 */
@Workflow(name = "payment")
public class PaymentFlow {
  private final CountDownLatch entered;
  private final CountDownLatch released;

  /** A payment that waits for nothing. */
  public PaymentFlow() {
    this(new CountDownLatch(0), new CountDownLatch(0));
  }

  public PaymentFlow(CountDownLatch entered, CountDownLatch released) {
    this.entered = entered;
    this.released = released;
  }

  @Step(retries = 3)
  protected String pay(String order) throws InterruptedException {
    entered.countDown();
    released.await();
    return "paid " + order;
  }

  @Run
  public String run(String order) throws InterruptedException {
    return pay(order);
  }
}
