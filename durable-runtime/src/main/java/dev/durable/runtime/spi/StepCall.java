package dev.durable.runtime.spi;

import java.util.Objects;

/**
 * One branch of a fan or parallel group: a call of one step, recorded rather than made.
 *
 * @param step the step
 * @param args its arguments
 * @param body its body for a local step; {@code null} for a dispatched one
 */
public record StepCall(StepType<?> step, Object[] args, StepBody<?> body) {
  public StepCall {
    Objects.requireNonNull(step, "step");
    Objects.requireNonNull(args, "args");
  }

  /** Whether it is served by workers rather than run by the engine. */
  public boolean isDispatched() {
    return body == null;
  }
}
