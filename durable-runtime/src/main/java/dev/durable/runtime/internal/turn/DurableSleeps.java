package dev.durable.runtime.internal.turn;

import dev.durable.runtime.StepState;
import dev.durable.runtime.internal.model.CheckpointKind;
import dev.durable.runtime.internal.model.CheckpointRecord;
import dev.durable.runtime.internal.model.Commit;
import dev.durable.runtime.internal.model.EventType;
import dev.durable.runtime.internal.run.ProgressBuffer;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * A turn's durable timers ({@code ctx.sleep}): a new one suspends the run in storage until its
 * time, a recorded one that has not ended suspends it again (or, within the engine's lead, waits
 * in the turn), and an ended one is held as completed for the turn's next write.
 */
final class DurableSleeps {
  private static final String SLEEP_NAME = "sleep";

  private final TurnContext context;
  private final ReplayLog log;
  private final TurnControl control;
  private final ProgressBuffer progress;

  DurableSleeps(TurnContext context, TurnScope scope) {
    this.context = context;
    this.log = scope.log();
    this.control = scope.control();
    this.progress = scope.progress();
  }

  /** The timer at position {@code seq}, of a positive {@code duration}. */
  void sleep(int seq, Duration duration) {
    CheckpointRecord recorded = control.replayed(() -> log.matchSleep(seq));
    Instant now = context.time().now();
    if (recorded != null) {
      if (recorded.status() == StepState.COMPLETED) {
        return;
      }
      if (now.isBefore(recorded.wakeAt())) {
        if (!control.withinLead(recorded.wakeAt(), now)) {
          throw control.sleepUntil(recorded.wakeAt(), now, List.of(), List.of());
        }
        control.waitUntil(recorded.wakeAt());
        now = context.time().now();
      }
      holdEndOf(recorded, now);
      return;
    }
    Instant wakeAt = now.plus(duration);
    CheckpointRecord timer = log.checkpoint(seq, CheckpointKind.SLEEP, SLEEP_NAME)
        .status(StepState.RUNNING).wakeAt(wakeAt).startedAt(now).updatedAt(now).build();
    throw control.sleepUntil(
        wakeAt, now,
        List.of(new Commit.CheckpointWrite(timer, true)),
        List.of(EventType.TIMER_STARTED.step(SLEEP_NAME, 0, duration.toString(), now)));
  }

  /**
   * Holds a timer's checkpoint, now ended, as completed: it rides on the turn's next write, and
   * alone forces none (see {@link ProgressBuffer#holdsSteps}).
   */
  private void holdEndOf(CheckpointRecord timer, Instant now) {
    progress.hold(new Commit.CheckpointWrite(
        CheckpointBuilder.copyOf(timer).status(StepState.COMPLETED).updatedAt(now).build(),
        false));
  }
}
