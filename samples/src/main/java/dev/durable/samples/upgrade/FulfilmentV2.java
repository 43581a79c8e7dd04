package dev.durable.samples.upgrade;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.WorkflowContext;
import java.time.Duration;

/**
 * Version 2 of order fulfilment, a copy of {@link FulfilmentV1} changed: it reserves the stock
 * before it charges the card, so that nobody pays for an article that is out of stock, and ships
 * from the reservation's depot.
 *
 * <p>Why a new version rather than an edit of version 1: runs of version 1 asleep in their
 * cancellation window have recorded {@code charge} as their first step. Replayed with this code
 * after the deploy, they would meet {@code reserveStock} there and fail with {@code
 * non_determinism}. Guarding each difference with {@code ctx.patched(...)} would work, but would
 * keep both flows tangled in one method until the last old run ended; that suits a small change,
 * such as one step added. Registered beside version 1 under the same name, this class takes the
 * new runs while version 1 finishes its own, and version 1 is deleted whole once they have ended.
 */
@Workflow(name = "fulfilment", version = "2")
public class FulfilmentV2 {
  /** How long the customer may still cancel: two seconds so that the sample ends quickly. */
  public static final Duration CANCELLATION_WINDOW = Duration.ofSeconds(2);

  private final Payments payments;
  private final Warehouse warehouse;

  public FulfilmentV2(Payments payments, Warehouse warehouse) {
    this.payments = payments;
    this.warehouse = warehouse;
  }

  @Step(retries = 3)
  protected Reservation reserveStock(Order order) {
    return warehouse.reserve(order);
  }

  @Step(retries = 3)
  protected String charge(Order order) {
    return payments.charge(order);
  }

  @Step(retries = 5)
  protected String ship(Reservation reservation) {
    return warehouse.ship(reservation);
  }

  @Run
  public String run(WorkflowContext ctx, Order order) {
    Reservation reservation = reserveStock(order);
    String charge = charge(order);
    ctx.sleep(CANCELLATION_WINDOW);
    String parcel = ship(reservation);
    return "reserved " + reservation.id() + " in " + reservation.depot() + ", charged " + charge
        + ", shipped " + parcel;
  }
}
