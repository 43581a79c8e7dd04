package dev.durable.runtime.spi;

import java.time.Duration;
import java.util.List;

/**
 * One execution of a run's {@code @Run} method from the top, implemented by the engine. Generated
 * step overrides reach it through {@link CurrentTurn}.
 */
public interface Turn {

  /**
   * Matches a step call to its checkpoint by position and name: returns the recorded result of a
   * completed step, or executes {@code body} with the step's retry policy and records the outcome.
   */
  <T> T step(StepType<T> step, Object[] args, StepBody<T> body);

  /**
   * Matches a dispatched step's call to its checkpoint by position and name: returns the recorded
   * result, throws the recorded failure, or queues a task for the workers that serve the step and
   * suspends the run until its outcome is stored. A failure a worker reports as retryable is
   * retried by queueing the next attempt after the step's backoff.
   */
  <T> T dispatch(StepType<T> step, Object[] args);

  /**
   * Runs the calls as branches at once, each matched to its own checkpoint (consecutive positions,
   * in order): local steps on threads of the engine, each waiting out its own backoff in process;
   * dispatched ones queued together, the run suspending until their outcomes are stored.
   *
   * @return the results, in the calls' order, once every branch has ended
   * @throws dev.durable.runtime.StepFailedException the first failed branch's error (in the calls'
   *     order), once every branch has ended
   */
  List<Object> parallel(List<StepCall> calls);

  /**
   * Matches a signal wait to its checkpoint by position and name: returns the recorded value, or
   * takes the oldest signal of this name sent to the run and not taken yet, or suspends the run
   * until one is sent or {@code wait} passes (null: no limit); once it has passed with none,
   * returns {@code onTimeout}'s value, recorded like a step's result.
   */
  <T> T signal(SignalType<T> signal, Duration wait, SignalBody<T> onTimeout);
}
