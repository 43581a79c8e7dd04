package dev.durable.samples.upgrade;

import java.util.concurrent.atomic.AtomicInteger;

/** A stand-in for a card payment API, counting its charges. */
public final class Payments {
  private final AtomicInteger charges = new AtomicInteger();

  /** Charges the customer for {@code order}; returns the charge's id. */
  public String charge(Order order) {
    charges.incrementAndGet();
    return "ch_" + order.id();
  }

  /** How many charges were made. */
  public int charges() {
    return charges.get();
  }
}
