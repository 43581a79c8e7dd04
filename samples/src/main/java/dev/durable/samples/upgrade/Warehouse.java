package dev.durable.samples.upgrade;

import java.util.concurrent.atomic.AtomicInteger;

/** A stand-in for the warehouse's API, counting its reservations and parcels. */
public final class Warehouse {
  private final AtomicInteger reservations = new AtomicInteger();
  private final AtomicInteger parcels = new AtomicInteger();

  /** Holds stock for {@code order} in the depot that has it. */
  public Reservation reserve(Order order) {
    reservations.incrementAndGet();
    return new Reservation("R-" + order.id(), "Leipzig");
  }

  /** Ships {@code order} from whichever depot has it; returns the parcel's id. */
  public String ship(Order order) {
    parcels.incrementAndGet();
    return "P-" + order.id();
  }

  /** Ships the stock {@code reservation} holds, from its depot; returns the parcel's id. */
  public String ship(Reservation reservation) {
    parcels.incrementAndGet();
    return "P-" + reservation.id().substring("R-".length());
  }

  /** How many reservations were made. */
  public int reservations() {
    return reservations.get();
  }

  /** How many parcels were shipped. */
  public int parcels() {
    return parcels.get();
  }
}
