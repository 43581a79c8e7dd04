package dev.durable.samples.shipping;

import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The workers' implementation of {@link RateSteps}. Its rate table is reloading for the first
 * {@code unavailable} calls, which fail and are retried; a country it does not ship to is a
 * non-retryable {@link IllegalArgumentException}.
 */
public final class RateService implements RateSteps {
  private static final Map<String, Long> CENTS_PER_KG = Map.of("FR", 450L, "DE", 420L, "US", 990L);

  private final AtomicInteger unavailable;
  private final AtomicInteger calls = new AtomicInteger();

  public RateService(int unavailable) {
    this.unavailable = new AtomicInteger(unavailable);
  }

  @Override
  public long quoteCents(Parcel parcel) {
    calls.incrementAndGet();
    if (unavailable.getAndDecrement() > 0) {
      throw new IllegalStateException("rate table reloading");
    }
    Long perKg = CENTS_PER_KG.get(parcel.country());
    if (perKg == null) {
      throw new IllegalArgumentException("no rates to " + parcel.country());
    }
    return Math.max(1, parcel.grams() * perKg / 1000);
  }

  public int calls() {
    return calls.get();
  }
}
