package dev.durable.dashboard.flows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Charges a customer, then mails the receipt. While {@code decline} holds a message, every charge
 * fails with it ({@link #DECLINED} is one full of markup), so the run fails for good after its
 * two attempts; once it is empty, a requeued run completes.
 */
@Workflow(name = "invoice")
public class InvoiceWorkflow {
  /** The error of a declined charge: HTML a page must show as text. */
  public static final String DECLINED =
      "card declined: <script>alert(\"step\")</script> & 'try another card'";

  private final AtomicReference<String> decline;

  public InvoiceWorkflow(AtomicReference<String> decline) {
    this.decline = decline;
  }

  @Step(retries = 2, backoffMs = 0)
  protected String charge(String customer, long cents) {
    String declined = decline.get();
    if (declined != null) {
      throw new IllegalStateException(declined);
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
