package dev.durable.runtime;

/**
 * An attempt of a step ran past its {@code timeoutMs}. It counts as one failed attempt; its code on
 * the run's error is {@code step_timeout}.
 */
public class StepTimeoutError extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String step;
  private final int attempt;
  private final long timeoutMs;

  public StepTimeoutError(String step, int attempt, long timeoutMs) {
    super("step '" + step + "' attempt " + attempt + " timed out after " + timeoutMs + " ms");
    this.step = step;
    this.attempt = attempt;
    this.timeoutMs = timeoutMs;
  }

  /** The step that timed out. */
  public String step() {
    return step;
  }

  /** The attempt that timed out, from 1. */
  public int attempt() {
    return attempt;
  }

  /** The step's per-attempt deadline. */
  public long timeoutMs() {
    return timeoutMs;
  }
}
