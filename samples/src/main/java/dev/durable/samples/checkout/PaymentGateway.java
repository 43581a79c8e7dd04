package dev.durable.samples.checkout;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A stand-in for a card payment API. Like real ones, it takes an idempotency key: a second charge
 * with the same key returns the first charge instead of charging the card again, and a second
 * refund of a charge refunds nothing more.
 */
public class PaymentGateway {
  /** A test card that is always declined. */
  public static final String DECLINED_CARD = "tok_chargeDeclined";

  private final Map<String, Charge> charges = new ConcurrentHashMap<>();
  private final Map<String, Charge> refunded = new ConcurrentHashMap<>();
  private final AtomicInteger calls = new AtomicInteger();
  private final AtomicInteger refunds = new AtomicInteger();

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

  /**
   * Gives the money of charge {@code chargeId} back, once: refunding it again changes nothing.
   *
   * @throws IllegalArgumentException if this gateway made no such charge
   */
  public void refund(String chargeId) {
    refunds.incrementAndGet();
    Charge charge = charges.values().stream()
        .filter(c -> c.id().equals(chargeId))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no charge " + chargeId + " to refund"));
    refunded.putIfAbsent(chargeId, charge);
  }

  /** How many charge calls were made, declined ones included. */
  public int calls() {
    return calls.get();
  }

  /** How many refund calls were made. */
  public int refunds() {
    return refunds.get();
  }

  /** The money the gateway holds: what it charged, less what it refunded. */
  public long heldCents() {
    long charged = charges.values().stream().mapToLong(Charge::amountCents).sum();
    return charged - refunded.values().stream().mapToLong(Charge::amountCents).sum();
  }

  /** The card was refused: asking again gives the same answer. */
  public static class CardDeclinedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public CardDeclinedException(String message) {
      super(message);
    }
  }
}
