package dev.durable.runtime;

import java.time.Instant;

/**
 * A step of a run, as far as it has got.
 *
 * @param position the step's position among the run's checkpoints, from 0
 * @param name the step's name
 * @param status where the step is
 * @param attempts the attempts made so far
 * @param error the latest failed attempt's error message; {@code null} when none failed
 * @param nextAttemptAt when a {@link StepState#RETRYING} step makes its next attempt; {@code null}
 *     otherwise
 * @param input the arguments it was called with, as stored: a JSON array, one element per stored
 *     parameter; {@code null} for a step without one (a timer)
 * @param output its result as stored, JSON; {@code null} until it completed (and for a void step,
 *     {@code "null"})
 */
public record StepInfo(
    int position, String name, StepState status, int attempts, String error, Instant nextAttemptAt,
    String input, String output) {

  /** A step shown without its input and output. */
  public StepInfo(
      int position, String name, StepState status, int attempts, String error,
      Instant nextAttemptAt) {
    this(position, name, status, attempts, error, nextAttemptAt, null, null);
  }
}
