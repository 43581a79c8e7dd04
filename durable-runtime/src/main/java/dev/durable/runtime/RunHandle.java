package dev.durable.runtime;

import java.time.Duration;

/**
 * A run, as seen by its starter: obtained from a generated client's {@code start} or {@code get}.
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

  /** A snapshot of the run and its steps. */
  RunStatus status();
}
