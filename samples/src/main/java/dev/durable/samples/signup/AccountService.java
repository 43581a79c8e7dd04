package dev.durable.samples.signup;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A stand-in for the service that owns user accounts. Opening is idempotent by email, so that a
 * retried step cannot open a second account.
 */
public class AccountService {
  private final Map<String, String> accounts = new ConcurrentHashMap<>();
  private final AtomicInteger opened = new AtomicInteger();

  /** Opens the account of {@code signup}, or returns the id of the one already open. */
  public String open(Signup signup) {
    return accounts.computeIfAbsent(signup.email(), email -> "acc-" + opened.incrementAndGet());
  }

  /** How many accounts were opened. */
  public int opened() {
    return opened.get();
  }
}
