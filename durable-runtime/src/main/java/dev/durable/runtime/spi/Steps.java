package dev.durable.runtime.spi;

import dev.durable.runtime.StepContext;
import java.time.Instant;
import java.util.Optional;

/** The entry point of generated step overrides. */
public final class Steps {
  private Steps() {}

  /**
   * Calls a step: through the current turn's checkpoint when called from a run, or directly (one
   * attempt, no checkpoint) when called outside of one, as from a unit test or from another step.
   */
  public static <T> T call(StepType<T> step, Object[] args, StepBody<T> body) {
    Turn turn = CurrentTurn.get();
    if (turn != null) {
      return turn.step(step, args, body);
    }
    try {
      return body.run(new DetachedContext(step.name()));
    } catch (Exception e) {
      throw Steps.<RuntimeException>sneakyThrow(e);
    }
  }

  /**
   * Calls a dispatched step through the current turn. Outside of a run there is no checkpoint to
   * suspend on, so it cannot be called.
   *
   * @throws IllegalStateException outside of a run
   */
  public static <T> T dispatch(StepType<T> step, Object[] args) {
    Turn turn = CurrentTurn.get();
    if (turn == null) {
      throw new IllegalStateException(
          step + " is served by workers and can only be called from a workflow's @Run method;"
              + " to test the step itself, call its implementation directly");
    }
    return turn.dispatch(step, args);
  }

  /** Rethrows {@code error} unchanged, checked or not: a step's declared exceptions pass through. */
  @SuppressWarnings("unchecked")
  static <E extends Throwable> E sneakyThrow(Throwable error) throws E {
    throw (E) error;
  }

  /** The context of a step called outside of any run: attempt 1, never cancelled. */
  private record DetachedContext(String stepName) implements StepContext {
    @Override
    public String runId() {
      return "";
    }

    @Override
    public int attempt() {
      return 1;
    }

    @Override
    public Optional<Instant> deadline() {
      return Optional.empty();
    }

    @Override
    public boolean isCancelled() {
      return false;
    }

    @Override
    public void onCancel(Runnable action) {}
  }
}
