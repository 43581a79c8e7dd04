package dev.durable.runtime;

import java.time.Duration;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A run, as seen by its starter: obtained from a generated client's {@code start} or {@code get}.
 *
 * <p>Inside a run, a client made with {@code <Name>Client.of(WorkflowContext)} starts child runs,
 * and their handles wait durably: {@link #await()} suspends the parent run in storage, holding no
 * thread, until the child ends, on whichever engine, across restarts; its outcome is recorded at
 * the call's position and replayed.
 *
 * @param <R> the workflow's result type
 */
public interface RunHandle<R> {

  /** The run's id. */
  String id();

  /**
   * Waits until the run ends and returns its result.
   *
   * @throws RunFailedException if the run failed ({@link RunCancelledException} if it was
   *     cancelled), carrying its structured error
   * @throws AwaitTimeoutException if the run did not end within {@code timeout}; the run goes on
   */
  R await(Duration timeout);

  /**
   * Waits, without a limit, until the run ends and returns its result. Inside a run, on the
   * handle of a child run, the parent run sleeps in storage until the child ends (see above).
   *
   * @throws RunFailedException if the run failed, with its error and code ({@link
   *     RunCancelledException} if it was cancelled)
   */
  R await();

  /**
   * A snapshot of the run and its steps. Inside a run it reads the store as it is now, which a
   * replay would not see again: use it to log, not to decide.
   */
  RunStatus status();

  /**
   * Whether the start that returned this handle stored the run: true for a new run (and for a
   * debounced start, which gave the run it was folded into its input and a new window); false when
   * a run with its id was stored already, so that the start found it and changed nothing (starting
   * is idempotent by id). What tells a redelivered message from a new one: a trigger counts a
   * message whose start found its run as a duplicate.
   *
   * <p>False for a handle from {@code get}, and for a child run's handle, whose start is recorded
   * at its position and replayed: whether it stored the run is not a value a run may decide on.
   */
  default boolean created() {
    return false;
  }

  // ---- runs that talk back: events and streams

  /**
   * The latest value of the run's event {@code key} ({@code ctx.setEvent}); if the run has not set
   * it, waits up to {@code wait} for the first value, and returns empty if none came within it or
   * the run ended without setting it. The wait is woken by the write itself, not by polling for it
   * (see the guide's chapter "Events and streams"); {@link Duration#ZERO} reads without waiting.
   * Works from any process that shares the run's database, before and after the run ends, until
   * the run is purged. After the run continued as new, it reads what its current generation set.
   *
   * <p>A read that fails for an outage (a dropped connection, a database that restarts) is tried
   * again, with a backoff of at most 5 s, until the wait is over; with {@link Duration#ZERO} it is
   * not tried again.
   *
   * <p>Not inside a run: a child run's handle throws {@link IllegalStateException} (what it read
   * would not be recorded, and a replay could see another value).
   *
   * @param type the class the value is read as, with the codec that stores step results
   * @throws IllegalArgumentException if the key is blank, over 200 characters or holds a control
   *     character, or the wait is negative
   * @throws dev.durable.runtime.codec.PayloadException if the stored value cannot be read as {@code
   *     type}: the message names the event and the type
   * @throws UnknownRunException if the run is not stored (it was purged)
   * @throws StoreException if the database refused the read, or stayed unreachable for the whole
   *     wait
   */
  <T> Optional<T> getEvent(String key, Class<T> type, Duration wait);

  /**
   * Every value of the run's stream {@code key} ({@code ctx.writeStream}), in the order written,
   * from the first, whenever it is called: {@link #readStream(String, Class, long)
   * readStream(key, type, 0)}.
   *
   * @param type the class each value is read as
   * @throws IllegalArgumentException if the key is blank, over 200 characters or holds a control
   *     character
   * @throws UnknownRunException if the run is not stored (read at once, not when consumed)
   * @throws dev.durable.runtime.codec.PayloadException when consumed, if a value cannot be read as
   *     {@code type}: the message names the stream and the type
   */
  default <T> Stream<T> readStream(String key, Class<T> type) {
    return readStream(key, type, 0);
  }

  /**
   * The values of the run's stream {@code key} ({@code ctx.writeStream}), in the order written,
   * from the one at {@code fromIndex} (0 is the first value written), whenever it is called: a
   * lazy, sequential stream that blocks for more values until the run closes the stream ({@code
   * ctx.closeStream}) or ends. A reader that took values {@code 0} to {@code n - 1} and stopped
   * (its process restarted, say) resumes with {@code fromIndex} {@code n}; an index past the
   * values written waits for the value at that index, and the stream is empty if it ends before.
   *
   * <p>How it ends tells how the stream did: it simply ends after the last value if the stream was
   * closed or the run completed; if the run failed or was cancelled without closing it, consuming
   * it throws {@link RunFailedException} (its error, as {@link #await} throws it) or {@link
   * RunCancelledException} after the last value. Any number of readers, in any process that shares
   * the database, each get every value. Close the stream ({@code try}-with-resources) when done; a
   * reader blocked waiting can be interrupted ({@link DurableException}).
   *
   * <p>The stream follows the run across {@code continueAsNew}: a reader gets each generation's
   * values as they come, but an older generation's values are deleted with its history when the
   * next one starts, so a reader that comes later (or had not read them yet) gets the current
   * generation's values alone, and indexes count from its first value.
   *
   * <p>A read that fails for an outage (a dropped connection, a database that restarts, a pooler
   * without a free connection) is tried again, with a backoff of at most 5 s, and the reader keeps
   * its place: it gives every value once, in order. Consuming it throws {@link StoreException}
   * when the database stayed unreachable for 5 minutes in a row, or refused the read; the message
   * says the index to resume from.
   *
   * <p>Not inside a run: a child run's handle throws {@link IllegalStateException}.
   *
   * @param type the class each value is read as
   * @param fromIndex the index of the first value to give: 0 or more
   * @throws IllegalArgumentException if the key is blank, over 200 characters or holds a control
   *     character, or {@code fromIndex} is negative
   * @throws UnknownRunException if the run is not stored (read at once, not when consumed)
   * @throws dev.durable.runtime.codec.PayloadException when consumed, if a value cannot be read as
   *     {@code type}: the message names the stream and the type
   */
  <T> Stream<T> readStream(String key, Class<T> type, long fromIndex);
}
