package dev.durable.samples.signup;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * A stand-in for a transactional-mail API with a daily sending quota. Past the quota it refuses
 * every message until someone raises it: retrying a few seconds later cannot help.
 */
public class Mailer {
  private final AtomicInteger quota;
  private final AtomicInteger sent = new AtomicInteger();

  /** A mailer that may send {@code quota} more messages today. */
  public Mailer(int quota) {
    this.quota = new AtomicInteger(quota);
  }

  /**
   * Sends a message.
   *
   * @throws QuotaExceededException if today's quota is used up
   */
  public void send(String to, String subject) {
    if (quota.getAndUpdate(left -> Math.max(0, left - 1)) == 0) {
      throw new QuotaExceededException("daily mail quota exceeded");
    }
    sent.incrementAndGet();
  }

  /** Allows {@code messages} more messages today, as a support ticket to the provider would. */
  public void raiseQuota(int messages) {
    quota.addAndGet(messages);
  }

  /** How many messages were sent. */
  public int sent() {
    return sent.get();
  }

  /** The quota is used up; only a person can fix that. */
  public static class QuotaExceededException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public QuotaExceededException(String message) {
      super(message);
    }
  }
}
