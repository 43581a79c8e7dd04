package dev.durable.runtime;

import java.time.Duration;

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
}
