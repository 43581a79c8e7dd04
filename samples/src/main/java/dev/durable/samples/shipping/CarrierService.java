package dev.durable.samples.shipping;

import dev.durable.runtime.TaskContext;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The workers' implementation of {@link CarrierSteps}: the carrier's API takes 1.5 s to confirm a
 * pickup, longer than the step's one-second window, so the handler heartbeats while it waits.
 */
public final class CarrierService implements CarrierSteps {
  private final AtomicInteger heartbeats = new AtomicInteger();

  @Override
  public String bookPickup(String consignment, int parcels) {
    TaskContext task = TaskContext.current();
    for (int waited = 250; waited <= 1_500; waited += 250) {
      sleep(250); // polling the carrier's API
      task.heartbeat("waiting for the carrier, " + waited + " ms");
      heartbeats.incrementAndGet();
    }
    return "PICKUP-" + consignment;
  }

  public int heartbeats() {
    return heartbeats.get();
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for the carrier", e);
    }
  }
}
