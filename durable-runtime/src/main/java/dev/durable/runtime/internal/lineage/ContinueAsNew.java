package dev.durable.runtime.internal.lineage;

import dev.durable.runtime.internal.model.RunRecord;
import dev.durable.runtime.internal.run.RunStarts;
import dev.durable.runtime.internal.turn.TurnControl;
import dev.durable.runtime.spi.CurrentTurn;
import dev.durable.runtime.spi.Turn;
import dev.durable.runtime.spi.WorkflowType;

/**
 * A turn's {@code <Name>Client.of(ctx).continueAsNew(...)}: checks that the {@code @Run} method's
 * own code calls it, on its own workflow, encodes the new input as a start does, writes the
 * checkpoints the turn holds (their hooks are due), and stops the turn; {@code RunExecutor} then
 * starts the run over ({@code RunLineages.continueAsNew}).
 */
public final class ContinueAsNew {
  private final Turn turn;
  private final Thread thread;
  private final RunRecord run;
  private final RunStarts starts;
  private final TurnControl control;
  private final Runnable flush;

  /**
   * @param turn the turn, current on the thread that executes its {@code @Run} method
   * @param flush writes the held checkpoints
   */
  public ContinueAsNew(
      Turn turn, RunRecord run, RunStarts starts, TurnControl control, Runnable flush) {
    this.turn = turn;
    this.thread = Thread.currentThread(); // a turn is made on the thread that executes it
    this.run = run;
    this.starts = starts;
    this.control = control;
    this.flush = flush;
  }

  /** Never returns: throws the turn's stop. */
  <R> R now(WorkflowType<R> type, Object[] input) {
    control.throwIfStopped();
    if (CurrentTurn.get() != turn || Thread.currentThread() != thread) {
      throw new IllegalStateException("run " + run.runId() + " called continueAsNew from a step,"
          + " a branch of a fan or group, or a signal's timeout body: only the @Run method's own"
          + " code may start the run over; call it from the @Run method once those have returned");
    }
    if (!type.name().equals(run.workflow().name())
        || !type.version().equals(run.workflow().version())) {
      throw new IllegalArgumentException("run " + run.runId() + " of " + run.workflow()
          + " called continueAsNew on the client of " + type + ": a run starts over as its own"
          + " workflow and version; call it on the client generated for the run's own class");
    }
    String json = starts.encodeInput(type, input);
    flush.run();
    throw control.continueAsNew(json);
  }
}
