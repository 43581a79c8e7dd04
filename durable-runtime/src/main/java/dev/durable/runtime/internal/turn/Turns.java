package dev.durable.runtime.internal.turn;

import dev.durable.runtime.internal.flow.Queues;
import dev.durable.runtime.internal.model.CheckpointRecord;
import dev.durable.runtime.internal.model.ClaimedRun;
import dev.durable.runtime.internal.model.Resumption;
import dev.durable.runtime.internal.model.RunRecord;
import dev.durable.runtime.internal.ops.RunStatuses;
import dev.durable.runtime.internal.run.InFlight;
import dev.durable.runtime.internal.run.ProgressBuffer;
import dev.durable.runtime.internal.run.ProgressWrites;
import dev.durable.runtime.internal.run.RunStarts;
import dev.durable.runtime.internal.time.Jitter;
import dev.durable.runtime.internal.wake.PollLoop;
import java.util.List;

/**
 * Makes the turns of one engine ({@link TurnImpl}), handing each the engine's parts its pieces use.
 */
public final class Turns {
  private final TurnContext context;
  private final ProgressWrites writes;
  private final AttemptRunner runner;
  private final Queues queues;
  private final Jitter jitter;
  private final PollLoop poll;
  private final RunStarts starts;
  private final RunStatuses statuses;

  /** See {@link TurnImpl#TurnImpl} for what each is for. */
  public Turns(
      TurnContext context, ProgressWrites writes, AttemptRunner runner, Queues queues,
      Jitter jitter, PollLoop poll, RunStarts starts, RunStatuses statuses) {
    this.context = context;
    this.writes = writes;
    this.runner = runner;
    this.queues = queues;
    this.jitter = jitter;
    this.poll = poll;
    this.starts = starts;
    this.statuses = statuses;
  }

  /**
   * A turn of the run {@code claim} holds, with its resumption, which this engine executes.
   *
   * @param maySuspend whether retries may suspend the run in storage or must wait in process
   */
  public TurnImpl executing(ClaimedRun claim, boolean maySuspend, InFlight.Run flight) {
    return new TurnImpl(context, writes, runner, queues, jitter, poll, starts, statuses,
        claim.run(), claim.resumption(), Interruptions.of(claim, context.time().now()),
        maySuspend, flight, false);
  }

  /**
   * A turn that only replays {@code checkpoints}: it stops ({@link TurnStop.Reason#REPLAYED}) where
   * it would execute, wait or write. For {@link Replays}.
   */
  TurnImpl replaying(RunRecord run, List<CheckpointRecord> checkpoints) {
    return new TurnImpl(context, writes, runner, queues, jitter, poll, starts, statuses,
        run, new Resumption(checkpoints, List.of()), Interruptions.NONE, true,
        new InFlight.Run(), true);
  }

  /** A progress buffer for a run without a turn: what it writes (the run's failure) goes alone. */
  public ProgressBuffer alone(RunRecord run) {
    return ProgressBuffer.alone(writes, context.hooks(), run);
  }
}
