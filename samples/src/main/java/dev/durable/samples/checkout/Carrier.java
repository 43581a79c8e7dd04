package dev.durable.samples.checkout;

import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A stand-in for a parcel carrier's API. It ships to the countries it serves and refuses the others
 * for good; like the payment gateway it takes an idempotency key, so a retried call books one
 * parcel. Swap it for your real client; the workflow only needs {@link #ship}.
 */
public class Carrier {
  /** The countries this carrier delivers to. */
  public static final Set<String> SERVED = Set.of("AT", "BE", "CH", "DE", "FR", "NL");

  private final AtomicInteger calls = new AtomicInteger();

  /**
   * Books the parcel of order {@code idempotencyKey} to {@code country}; returns its tracking
   * number.
   *
   * @throws NoCarrierException if the carrier does not deliver to {@code country}
   */
  public String ship(String idempotencyKey, String country) {
    calls.incrementAndGet();
    if (!SERVED.contains(country)) {
      throw new NoCarrierException("no carrier serves " + country);
    }
    return "TRK-" + idempotencyKey;
  }

  /** How many calls were made, refused ones included. */
  public int calls() {
    return calls.get();
  }

  /** The destination is not served: asking again gives the same answer. */
  public static class NoCarrierException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public NoCarrierException(String message) {
      super(message);
    }
  }
}
