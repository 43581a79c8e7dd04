package dev.durable.samples.checkout;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * A stand-in for the HTTP client of a pricing service that is having a bad minute: its first
 * {@code failures} calls fail with a transient error (an HTTP 503), the later ones answer. Swap it
 * for your real client; the workflow only needs {@link #quote(Order)}.
 */
public class PricingClient {
  private static final long UNIT_PRICE_CENTS = 1_250;

  private final int failures;
  private final AtomicInteger calls = new AtomicInteger();

  /** A client whose first {@code failures} calls fail. */
  public PricingClient(int failures) {
    this.failures = failures;
  }

  /** Prices {@code order}; throws {@link ServiceUnavailableException} while the service is down. */
  public Quote quote(Order order) {
    if (calls.incrementAndGet() <= failures) {
      throw new ServiceUnavailableException("pricing service unavailable (HTTP 503)");
    }
    return new Quote(order.sku(), order.quantity(), order.quantity() * UNIT_PRICE_CENTS);
  }

  /** How many calls were made, failed ones included. */
  public int calls() {
    return calls.get();
  }

  /** A transient failure: the same call may well succeed a moment later. */
  public static class ServiceUnavailableException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ServiceUnavailableException(String message) {
      super(message);
    }
  }
}
