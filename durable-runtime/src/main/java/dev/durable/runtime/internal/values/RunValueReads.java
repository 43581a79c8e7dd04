package dev.durable.runtime.internal.values;

import com.fasterxml.jackson.databind.type.TypeFactory;
import dev.durable.runtime.DurableException;
import dev.durable.runtime.RunCancelledException;
import dev.durable.runtime.RunFailedException;
import dev.durable.runtime.RunState;
import dev.durable.runtime.codec.PayloadException;
import dev.durable.runtime.codec.Payloads;
import dev.durable.runtime.internal.common.Errors;
import dev.durable.runtime.internal.store.RunStore;
import dev.durable.runtime.internal.store.values.StoredValues;
import dev.durable.runtime.internal.store.values.ValueReads;
import dev.durable.runtime.internal.time.Time;
import dev.durable.runtime.internal.wake.RunValueWatches;
import dev.durable.runtime.spi.Payload;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Objects;
import java.util.Optional;
import java.util.Spliterator;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * Reads the events runs set and their streams for callers outside the runs ({@code
 * RunHandle.getEvent}, {@code RunHandle.readStream}), waiting for values to come.
 *
 * <p>How a waiting reader learns of new values, without a poll per value: it opens a watch on the
 * run ({@link RunValueWatches}) before each read of the store, and waits on it when the read found
 * nothing new. The engines of this process wake it when they commit the run's values or its end
 * ({@link Wakeups#valuesChanged}); on PostgreSQL the engines of other processes notify a channel
 * ({@code durable_values}) in the same commit, on which the engine's one listener listens ({@link
 * DatabaseNotifications}), and the notification wakes it the same way. Besides, a waiting reader
 * reads again after {@link #quietRead}: {@value #QUIET_POLLS} poll intervals while notifications
 * are in effect (H2, which one process owns; PostgreSQL while the listener listens), to learn of a
 * run that ended elsewhere without having written anything (no notification says so); one poll
 * interval while they are not (PostgreSQL before the listener first listens, after its connection
 * failed). Each read is one indexed statement that also reads the run's state.
 *
 * <p>A read that fails for an outage (a dropped connection, a database that restarts) is tried
 * again ({@link ReaderRetries}) within the reader's patience: an event's reader its wait, a
 * stream's reader {@link ReaderRetries#OUTAGE_LIMIT}; a stream's reader keeps its place meanwhile.
 */
public final class RunValueReads implements AutoCloseable {
  /** How many values of a stream one read takes at most. */
  static final int BATCH = 100;
  /** How many values of a stream one read skips at most (their ids alone are read). */
  static final int SKIP_BATCH = 10_000;
  /** How many poll intervals a reader waits between reads while notifications are in effect. */
  static final int QUIET_POLLS = 10;
  /** As good as no limit, and still a number of nanoseconds that fits in a long. */
  private static final Duration WITHOUT_LIMIT = Duration.ofDays(100 * 365);

  private final RunStore store;
  private final StoredValues stored;
  private final Payloads payloads;
  private final ReaderRetries retries;
  private final RunValueWatches watches;
  private final Duration pollInterval;
  private volatile boolean listening;
  private volatile boolean closed;

  /**
   * @param watches the readers of this process, which this process's engines wake
   * @param time the engine's clock, which measures how long the database is away
   * @param pollInterval the engine's poll interval, which sets how often a waiting reader reads
   *     again unwoken ({@link #quietRead})
   */
  public RunValueReads(
      RunStore store, StoredValues stored, Payloads payloads, RunValueWatches watches, Time time,
      Duration pollInterval) {
    this.store = store;
    this.stored = stored;
    this.payloads = payloads;
    this.retries = new ReaderRetries(time, () -> closed);
    this.watches = watches;
    this.pollInterval = pollInterval;
    // H2: every writer is in this process; poll-only PostgreSQL: no one tells, read each poll
    this.listening = stored.oneProcess();
  }

  /**
   * The latest value of event {@code key} of run {@code runId}; if it has none, waits up to {@code
   * wait} for the first, and returns empty if none came or the run ended without one.
   */
  public <T> Optional<T> event(String runId, String key, Class<T> type, Duration wait) {
    RunValueWrites.requireKey(key, "an event");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(wait, "wait");
    if (wait.isNegative()) {
      throw new IllegalArgumentException("the wait for event '" + key + "' of run " + runId
          + " must not be negative, but was " + wait + "; Duration.ZERO reads without waiting");
    }
    if (wait.isZero()) {
      return decoded(runId, key, type, latest(runId, key));
    }
    long deadline = System.nanoTime() + min(wait, WITHOUT_LIMIT).toNanos();
    String what = "event '" + key + "' of run " + runId;
    try (RunValueWatches.Watch watch = watches.watch(runId)) {
      while (true) {
        ValueReads.EventRead read =
            retries.untilDeadline(what, () -> latest(runId, key), deadline, wait);
        long left = deadline - System.nanoTime();
        if (read.payload() != null || read.status().isTerminal() || left <= 0) {
          return decoded(runId, key, type, read);
        }
        await(watch, Math.min(left, quietRead().toNanos()), what);
      }
    }
  }

  private ValueReads.EventRead latest(String runId, String key) {
    return stored.latestEvent(runId, key).orElseThrow(() -> Errors.unknownRun(runId));
  }

  private <T> Optional<T> decoded(
      String runId, String key, Class<T> type, ValueReads.EventRead read) {
    return read.payload() == null
        ? Optional.empty()
        : Optional.of(decode(runId, "event '" + key + "'", type, read.payload()));
  }

  /**
   * Every value of stream {@code key} of run {@code runId}, in order, from the one at {@code
   * fromIndex} (0: the first): a stream that reads more as it is consumed and blocks until more
   * come, the stream is closed, or the run ends (failed: {@link RunFailedException}; cancelled:
   * {@link RunCancelledException}, after the last value). The run is read at once: an unknown run
   * fails here.
   */
  public <T> Stream<T> stream(String runId, String key, Class<T> type, long fromIndex) {
    RunValueWrites.requireKey(key, "a stream");
    Objects.requireNonNull(type, "type");
    if (fromIndex < 0) {
      throw new IllegalArgumentException("the index to read stream '" + key + "' of run " + runId
          + " from must be 0 or more, but was " + fromIndex + "; 0 reads from the first value");
    }
    StreamReader<T> reader = new StreamReader<>(runId, key, type, fromIndex);
    reader.read(); // an unknown run fails now, not at the first value
    return StreamSupport.stream(reader, false);
  }

  /** How long a waiting reader waits, unwoken, before it reads again. */
  Duration quietRead() {
    return listening ? pollInterval.multipliedBy(QUIET_POLLS) : pollInterval;
  }

  /**
   * The engine's listener listens (values sent before were missed: every reader reads again), or
   * not: the wake-ups tell ({@link DatabaseNotifications}).
   */
  public void listening(boolean now) {
    listening = now;
    if (now) {
      watches.changedAll();
    }
  }

  private static void await(RunValueWatches.Watch watch, long nanos, String what) {
    try {
      watch.await(nanos);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DurableException("interrupted while waiting for " + what, e);
    }
  }

  @SuppressWarnings("unchecked")
  private <T> T decode(String runId, String what, Class<T> type, String json) {
    try {
      return (T) payloads.decode(
          new Payload(what, TypeFactory.defaultInstance().constructType(type), false), json);
    } catch (PayloadException e) {
      throw new PayloadException(
          what + " of run " + runId + " holds a value that cannot be read as " + type.getName()
              + " (" + e.getMessage() + "); read it as the type the run wrote it with",
          e);
    }
  }

  private static Duration min(Duration a, Duration b) {
    return a.compareTo(b) <= 0 ? a : b;
  }

  @Override
  public void close() {
    closed = true;
  }

  /**
   * A stream's values as a stream's source: skips to its first index, reads a batch at a time,
   * waits when there is none.
   */
  private final class StreamReader<T> implements Spliterator<T> {
    private final String runId;
    private final String key;
    private final Class<T> type;
    private final String what;
    private final ArrayDeque<T> buffered = new ArrayDeque<>();
    /** The id of the last row read: the next read asks for those after it. */
    private long after;
    /** How many values are still to be skipped to reach the first index asked for. */
    private long toSkip;
    /** The index of the next value given: where a reader would resume. */
    private long next;
    private boolean ended;
    private RuntimeException endedBy;

    StreamReader(String runId, String key, Class<T> type, long fromIndex) {
      this.runId = runId;
      this.key = key;
      this.type = type;
      this.what = "stream '" + key + "' of run " + runId;
      this.toSkip = fromIndex;
      this.next = fromIndex;
    }

    @Override
    public boolean tryAdvance(Consumer<? super T> action) {
      while (buffered.isEmpty()) {
        if (ended) {
          if (endedBy != null) {
            throw endedBy;
          }
          return false;
        }
        next();
      }
      next++;
      action.accept(buffered.poll());
      return true;
    }

    /** Reads until there is a value or an end, waiting while there is neither. */
    private void next() {
      try (RunValueWatches.Watch watch = watches.watch(runId)) {
        while (!read()) {
          await(watch, quietRead().toNanos(), what);
        }
      }
    }

    /**
     * Reads the next batch of values, or the stream's end; returns whether it found either. The
     * run's state comes with the values, as of one moment: a run that had ended then has no value
     * after these.
     */
    boolean read() {
      if (toSkip > 0 && !skip()) {
        return ended;
      }
      ValueReads.StreamRead read = retried(
          () -> stored.streamAfter(runId, key, after, BATCH));
      for (ValueReads.StreamValue value : read.values()) {
        after = value.id();
        if (value.endsStream()) {
          ended = true;
          return true;
        }
        buffered.add(decode(runId, "stream '" + key + "'", type, value.payload()));
      }
      return !buffered.isEmpty() || end(read.status());
    }

    /**
     * Skips the values before the first index asked for, reading their ids alone; returns whether
     * it reached that index. Short of it, the stream may have ended (closed, or the run ended).
     */
    private boolean skip() {
      while (toSkip > 0) {
        int asked = (int) Math.min(toSkip, SKIP_BATCH);
        ValueReads.StreamSkip skipped =
            retried(() -> stored.skipStream(runId, key, after, asked));
        after = skipped.after();
        toSkip -= skipped.skipped();
        if (skipped.closed()) {
          ended = true;
          return false;
        }
        if (skipped.skipped() < asked) {
          end(skipped.status());
          return false;
        }
      }
      return true;
    }

    /** Ends the stream if the run ended ({@code status}); returns whether it did. */
    private boolean end(RunState status) {
      if (status.isTerminal()) {
        ended = true;
        endedBy = endedBy(status);
      }
      return ended;
    }

    /** A read of the store, tried again through an outage; an unknown run fails it. */
    private <R> R retried(Supplier<Optional<R>> read) {
      return retries.throughOutage(what,
          () -> read.get().orElseThrow(() -> Errors.unknownRun(runId)),
          () -> "read it again from index " + next + " (readStream(\"" + key + "\", type, "
              + next + ")) once the database is back");
    }

    /** Why the stream ends with the run: null if it completed. */
    private RuntimeException endedBy(RunState status) {
      return switch (status) {
        case CANCELLED -> new RunCancelledException(runId);
        case FAILED -> new RunFailedException(runId,
            retried(() -> store.findRun(runId)).error());
        default -> null;
      };
    }

    @Override
    public Spliterator<T> trySplit() {
      return null;
    }

    @Override
    public long estimateSize() {
      return Long.MAX_VALUE;
    }

    @Override
    public int characteristics() {
      return ORDERED | NONNULL;
    }
  }
}
