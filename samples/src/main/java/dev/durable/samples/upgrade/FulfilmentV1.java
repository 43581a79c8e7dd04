package dev.durable.samples.upgrade;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.WorkflowContext;
import java.time.Duration;

/**
 * Version 1 of order fulfilment: charge the card, wait out the customer's cancellation window,
 * ship. {@link FulfilmentV2} replaced it; it stays registered until the last run that started on
 * it has ended, then this class is deleted.
 */
@Workflow(name = "fulfilment", version = "1")
public class FulfilmentV1 {
  /** How long the customer may still cancel: two seconds so that the sample ends quickly. */
  public static final Duration CANCELLATION_WINDOW = Duration.ofSeconds(2);

  private final Payments payments;
  private final Warehouse warehouse;

  public FulfilmentV1(Payments payments, Warehouse warehouse) {
    this.payments = payments;
    this.warehouse = warehouse;
  }

  @Step(retries = 3)
  protected String charge(Order order) {
    return payments.charge(order);
  }

  @Step(retries = 5)
  protected String ship(Order order) {
    return warehouse.ship(order);
  }

  @Run
  public String run(WorkflowContext ctx, Order order) {
    String charge = charge(order);
    ctx.sleep(CANCELLATION_WINDOW); // the run waits in the database, across deploys
    String parcel = ship(order);
    return "charged " + charge + ", shipped " + parcel;
  }
}
