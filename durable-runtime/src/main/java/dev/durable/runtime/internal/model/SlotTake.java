package dev.durable.runtime.internal.model;

import java.time.Instant;
import java.util.Optional;

/** What a take got: a slot (-1 where the queue has no concurrency limit), or when to retry. */
public record SlotTake(boolean taken, int slot, Optional<Instant> retryAt) {
  public static SlotTake full() {
    return new SlotTake(false, -1, Optional.empty());
  }
}
