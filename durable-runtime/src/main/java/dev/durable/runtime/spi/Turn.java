package dev.durable.runtime.spi;

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
}
