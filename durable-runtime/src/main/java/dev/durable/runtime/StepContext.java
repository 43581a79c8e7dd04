package dev.durable.runtime;

import java.time.Instant;
import java.util.Optional;

/**
 * What a step attempt may ask of the engine. Declare it as a {@code @Step} method's first parameter
 * to receive it; callers pass {@code null} for it and the engine supplies the real one. It is not
 * part of the step's stored input.
 */
public interface StepContext {

  /** The id of the run the step belongs to. */
  String runId();

  /** The step's name. */
  String stepName();

  /** The attempt being made, from 1. */
  int attempt();

  /** When this attempt's {@code timeoutMs} runs out, if the step has one. */
  Optional<Instant> deadline();

  /**
   * Whether this attempt has been cancelled: its timeout passed, the run was cancelled, or the
   * engine is shutting down or lost the run's lease. Long-running steps should check it and stop.
   */
  boolean isCancelled();

  /** Runs {@code action} once when this attempt is cancelled, or at once if it already is. */
  void onCancel(Runnable action);

  /** Throws {@link java.util.concurrent.CancellationException} if the attempt was cancelled. */
  default void throwIfCancelled() {
    if (isCancelled()) {
      throw new java.util.concurrent.CancellationException(
          "step '" + stepName() + "' attempt " + attempt() + " was cancelled");
    }
  }
}
