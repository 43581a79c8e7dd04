package dev.durable.dashboard;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Slows down guessing the dashboard's token: after {@link #FREE_TRIES} wrong tokens in a row from
 * one client address, each further try from it is refused until a back-off has passed, one second
 * doubling with each wrong token up to {@link #MAX_WAIT}. A right token clears the address.
 * Kept in memory for at most {@link #MAX_ADDRESSES} addresses, the least recently seen forgotten
 * first.
 */
final class LoginThrottle {
  /** Wrong tokens from one address before it must wait. */
  static final int FREE_TRIES = 5;
  /** The longest wait between two tries from one address. */
  static final Duration MAX_WAIT = Duration.ofMinutes(5);
  /** The most addresses remembered. */
  static final int MAX_ADDRESSES = 10_000;

  private record Failures(int count, Instant retryAt) {}

  private final Clock clock;
  private final Map<String, Failures> failures = new LinkedHashMap<>(16, 0.75f, true) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<String, Failures> eldest) {
      return size() > MAX_ADDRESSES;
    }
  };

  LoginThrottle(Clock clock) {
    this.clock = clock;
  }

  /** How long {@code client} must still wait before it may try a token, if it must. */
  synchronized Optional<Duration> waitFor(String client) {
    Failures seen = failures.get(client);
    if (seen == null) {
      return Optional.empty();
    }
    Duration left = Duration.between(clock.instant(), seen.retryAt());
    return left.isNegative() || left.isZero() ? Optional.empty() : Optional.of(left);
  }

  /** Counts a wrong token from {@code client}; returns how many came in a row. */
  synchronized int failed(String client) {
    Failures seen = failures.get(client);
    int count = seen == null ? 1 : seen.count() + 1;
    Instant now = clock.instant();
    Instant retryAt = count < FREE_TRIES ? now : now.plus(backOff(count - FREE_TRIES));
    failures.put(client, new Failures(count, retryAt));
    return count;
  }

  /** Forgets {@code client}'s wrong tokens: it gave the right one. */
  synchronized void succeeded(String client) {
    failures.remove(client);
  }

  private static Duration backOff(int beyondFree) {
    Duration wait = Duration.ofSeconds(1L << Math.min(beyondFree, 20));
    return wait.compareTo(MAX_WAIT) > 0 ? MAX_WAIT : wait;
  }
}
