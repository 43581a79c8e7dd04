package com.acme.edge;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.InvalidInputException;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.StartOptions;
import dev.durable.runtime.WorkflowContext;
import dev.durable.runtime.spi.WorkflowRuns;
import javax.annotation.processing.Generated;

/**
 * Starts and follows runs of workflow {@code edge.cases} version {@code 2024-01}
 * ({@link Outer.Inner}).
 */
@Generated("dev.durable.processor.DurableProcessor")
public final class Outer_InnerClient {
  private final WorkflowRuns<Void> runs;

  private Outer_InnerClient(WorkflowRuns<Void> runs) {
    this.runs = runs;
  }

  /** A client that starts and finds runs through {@code engine}. */
  public static Outer_InnerClient of(DurableEngine engine) {
    return new Outer_InnerClient(WorkflowRuns.of(engine, Outer_InnerDurable.WORKFLOW));
  }

  /**
   * A client, inside a run's {@code @Run} method, that starts child runs of this workflow: each
   * start is checkpointed (a replay does not start it again), and its handle's {@code await()}
   * waits durably for the child to end.
   */
  public static Outer_InnerClient of(WorkflowContext context) {
    return new Outer_InnerClient(WorkflowRuns.of(context, Outer_InnerDurable.WORKFLOW));
  }

  /** Starts a run with a new id. */
  public RunHandle<Void> start() {
    return runs.start(new Object[] {});
  }

  /**
   * Starts the run with id {@code runId}, or returns the run already started with that id: a second
   * start with the same id is not an error and starts nothing.
   */
  public RunHandle<Void> start(String runId) {
    return runs.start(runId, new Object[] {});
  }

  /**
   * Starts a run as {@code options} say: with their run id (a second start with the same id starts
   * nothing) or a new one, on their version of the workflow or the newest registered with the
   * engine.
   */
  public RunHandle<Void> start(StartOptions options) {
    return runs.start(options, new Object[] {});
  }

  /** The run with id {@code runId}. */
  public RunHandle<Void> get(String runId) {
    return runs.get(runId);
  }

  /**
   * Starts the run that calls it over with this input: the same run id, in its next generation,
   * with an empty history (signals not taken yet carry over, and {@code await} gives the last
   * generation's result); never returns normally. Call it from the {@code @Run} method, on the
   * client made from its context, as {@code return of(context).continueAsNew(...)}; not from a step
   * or a branch.
   *
   * @throws IllegalStateException when called otherwise
   * @throws InvalidInputException if the input is invalid or cannot be stored
   */
  public Void continueAsNew() {
    return runs.continueAsNew(new Object[] {});
  }
}
