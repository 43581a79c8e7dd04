package dev.durable.samples.checkout;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A stand-in for a card payment API. Like real ones, it takes an idempotency key: a second charge
 * with the same key returns the first charge instead of charging the card again.
 */
public class PaymentGateway {
  /** A test card that is always declined. */
  public static final String DECLINED_CARD = "tok_chargeDeclined";

  private final Map<String, Charge> charges = new ConcurrentHashMap<>();
  private final AtomicInteger calls = new AtomicInteger();

  /**
   * Charges {@code amountCents} to {@code card}, once per {@code idempotencyKey}.
   *
   * @throws CardDeclinedException if the card is declined
   */
  public Charge charge(String idempotencyKey, String card, long amountCents) {
    calls.incrementAndGet();
    if (DECLINED_CARD.equals(card)) {
      throw new CardDeclinedException("card " + card + " was declined");
    }
    return charges.computeIfAbsent(idempotencyKey, key -> new Charge("ch_" + key, amountCents));
  }

  /** How many charge calls were made, declined ones included. */
  public int calls() {
    return calls.get();
  }

  /** The card was refused: asking again gives the same answer. */
  public static class CardDeclinedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public CardDeclinedException(String message) {
      super(message);
    }
  }
}
