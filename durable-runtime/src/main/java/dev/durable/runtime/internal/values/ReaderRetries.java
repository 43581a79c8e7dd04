package dev.durable.runtime.internal.values;

import dev.durable.runtime.DurableException;
import dev.durable.runtime.StoreException;
import dev.durable.runtime.internal.time.Time;
import java.time.Duration;
import java.time.Instant;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tries a reader's read of the store again through an outage ({@link RunValueReads}: {@code
 * getEvent}, {@code readStream}), as the engine's poll does its own ({@code PollLoop}): a dropped
 * connection, a database that restarts or a pooler that has no connection to give for a while end
 * no reader. Each read is one {@code SELECT}, so trying it again is always safe, and a stream's
 * reader keeps its place (the last value it took) across the outage: it gives every value once.
 *
 * <p>A read the database refused ({@link StoreException#isPermanent()}: it would refuse it again)
 * is not tried again, nor is one whose engine was closed. Between tries the reader waits {@link
 * #FIRST_DELAY}, doubled after each failure up to {@link #MAX_DELAY}: shorter than the poll's
 * backoff, since a caller waits for the value, yet few reads of an absent database. It gives up,
 * with a {@link StoreException} that says so, when the outage outlasts its patience: an event's
 * reader its wait ({@link #untilDeadline}), a stream's reader {@link #OUTAGE_LIMIT} by the
 * engine's clock ({@link #throughOutage}).
 */
final class ReaderRetries {
  private static final Logger LOG = LoggerFactory.getLogger(ReaderRetries.class);
  /** The wait before the first try again. */
  static final Duration FIRST_DELAY = Duration.ofMillis(100);
  /** The longest wait between two tries. */
  static final Duration MAX_DELAY = Duration.ofSeconds(5);
  /**
   * How long a stream's reader waits for a database that went away before it gives up: longer
   * than a PostgreSQL restart or a managed database's failover take.
   */
  static final Duration OUTAGE_LIMIT = Duration.ofMinutes(5);

  private final Time time;
  private final BooleanSupplier closed;

  /**
   * @param time the engine's clock, which measures a stream reader's outage
   * @param closed whether the engine was closed: its reads are not tried again
   */
  ReaderRetries(Time time, BooleanSupplier closed) {
    this.time = time;
    this.closed = closed;
  }

  /** Why a reader gives up: a message that says what to do, or null to go on. */
  @FunctionalInterface
  private interface Patience {
    /** @param since when the first try of this read failed, by the engine's clock */
    String exhausted(Instant since);
  }

  /**
   * {@code read}'s result, tried again through an outage until {@code deadline} ({@link
   * System#nanoTime}): the last try is made at the deadline.
   *
   * @param what what the read is for, as "event 'k' of run r"
   * @param wait the wait the deadline ends, for the message
   * @throws StoreException if the database refused the read, or was not reached by the deadline
   */
  <T> T untilDeadline(String what, Supplier<T> read, long deadline, Duration wait) {
    return read(what, read, since -> deadline - System.nanoTime() <= 0
        ? "the database stayed unreachable for the whole wait (" + wait + ") for " + what
            + "; read it again once the database is back"
        : null, deadline);
  }

  /**
   * {@code read}'s result, tried again through an outage of up to {@link #OUTAGE_LIMIT}.
   *
   * @param what what the read is for, as "stream 's' of run r"
   * @param resume what the reader does once the database is back, for the message
   * @throws StoreException if the database refused the read, or stayed away longer
   */
  <T> T throughOutage(String what, Supplier<T> read, Supplier<String> resume) {
    return read(what, read, since ->
        Duration.between(since, time.now()).compareTo(OUTAGE_LIMIT) >= 0
            ? "the database stayed unreachable for " + OUTAGE_LIMIT.toMinutes() + " minutes, longer"
                + " than a reader of " + what + " waits for it; " + resume.get()
            : null, Long.MAX_VALUE);
  }

  private <T> T read(String what, Supplier<T> read, Patience patience, long deadline) {
    Instant since = null;
    for (int failures = 1; ; failures++) {
      try {
        return read.get();
      } catch (StoreException e) {
        if (e.isPermanent() || closed.getAsBoolean()) {
          throw e;
        }
        since = since == null ? time.now() : since;
        Duration delay = delay(failures);
        String exhausted = patience.exhausted(since);
        if (exhausted != null) {
          throw new StoreException(exhausted + " (the last try: " + e.getMessage() + ")", e);
        }
        if (failures == 1) {
          LOG.warn("reading {} failed, trying again until the database is back: {}", what,
              e.getMessage());
        } else {
          LOG.debug("reading {} failed ({} times in a row), trying again in {} ms: {}", what,
              failures, delay.toMillis(), e.getMessage());
        }
        pause(what, Math.min(delay.toNanos(), Math.max(0, deadline - System.nanoTime())));
      }
    }
  }

  /** The wait after {@code failures} failures in a row. */
  static Duration delay(int failures) {
    Duration delay = FIRST_DELAY.multipliedBy(1L << Math.min(failures - 1, 10));
    return delay.compareTo(MAX_DELAY) > 0 ? MAX_DELAY : delay;
  }

  private static void pause(String what, long nanos) {
    try {
      Thread.sleep(nanos / 1_000_000, (int) (nanos % 1_000_000));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DurableException("interrupted while waiting for the database to read " + what,
          e);
    }
  }
}
