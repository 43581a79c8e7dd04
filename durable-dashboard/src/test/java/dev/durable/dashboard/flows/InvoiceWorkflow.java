package dev.durable.dashboard.flows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Charges a customer, then mails the receipt. While {@code declining} is on, every charge fails
 * with {@link #DECLINED}, a message full of markup, so the run fails for good after its two
 * attempts; turned off, a requeued run completes.
 */
@Workflow(name = "invoice")
public class InvoiceWorkflow {
  /** The error of a declined charge: HTML a page must show as text. */
  public static final String DECLINED =
      "card declined: <script>alert(\"step\")</script> & 'try another card'";

  private final AtomicBoolean declining;

  public InvoiceWorkflow(AtomicBoolean declining) {
    this.declining = declining;
  }

  @Step(retries = 2, backoffMs = 0)
  protected String charge(String customer, long cents) {
    if (declining.get()) {
      throw new IllegalStateException(DECLINED);
    }
    return "ch_" + customer + "_" + cents;
  }

  @Step
  protected String mail(String customer, String chargeId) {
    return "receipt for " + chargeId + " sent to " + customer;
  }

  @Run
  public String run(String customer, long cents) {
    return mail(customer, charge(customer, cents));
  }
}
