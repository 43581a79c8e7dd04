package dev.durable.runtime.internal.turn;

import dev.durable.runtime.RunError;
import dev.durable.runtime.StepEvent;
import dev.durable.runtime.internal.common.Hooks;
import dev.durable.runtime.internal.common.RunLog;
import dev.durable.runtime.internal.model.RunRecord;
import dev.durable.runtime.internal.time.Time;
import dev.durable.runtime.internal.turn.StepTransitions.Hook;
import dev.durable.runtime.internal.turn.StepTransitions.Transition;
import java.time.Duration;

/**
 * Calls the users' hook a step's transition names ({@link Transition#hook}), and no other. The
 * callers call it outside every lock: {@code onStepStart} before the step's first attempt, {@code
 * onStepRetry} once the retrying checkpoint is written (or, for a dispatched step, with the pass's
 * commit), and {@code onStepComplete} through the {@code ProgressBuffer}, once the completed
 * checkpoint is written.
 */
final class StepHooks {
  private final Hooks hooks;
  private final Time time;
  private final RunRecord run;

  StepHooks(Hooks hooks, Time time, RunRecord run) {
    this.hooks = hooks;
    this.time = time;
    this.run = run;
  }

  /** Calls {@code onStepStart} for the step at {@code seq} if {@code transition} says to. */
  void started(Transition transition, String step, int seq) {
    if (transition.hook() == Hook.STEP_START) {
      hooks.onStepStart(event(step, seq, 1));
    }
  }

  /**
   * The call of {@code onStepRetry} that {@code transition} says to make, after attempt {@code
   * attempt} failed with {@code error} and the next follows after {@code delay}; a call that does
   * nothing if it says none. The retry is logged with it ({@link RunLog#retrying}).
   */
  Runnable retried(
      Transition transition, String step, int seq, int attempt, RunError error, Duration delay) {
    if (transition.hook() != Hook.STEP_RETRY) {
      return () -> {};
    }
    return () -> {
      RunLog.retrying(run.runId(), step, attempt, error, delay);
      hooks.onStepRetry(event(step, seq, attempt), error, delay);
    };
  }

  /**
   * What {@code onStepComplete} is told, once the completed checkpoint is written, if {@code
   * transition} says to call it; else null.
   */
  StepEvent completion(Transition transition, String step, int seq, int attempt) {
    return transition.hook() == Hook.STEP_COMPLETE ? event(step, seq, attempt) : null;
  }

  private StepEvent event(String step, int seq, int attempt) {
    return new StepEvent(
        run.runId(), run.workflow().name(), step, seq, attempt, time.now());
  }
}
