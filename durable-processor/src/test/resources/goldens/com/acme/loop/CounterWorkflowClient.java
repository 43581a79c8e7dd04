package com.acme.loop;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.InvalidInputException;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.StartOptions;
import dev.durable.runtime.WorkflowContext;
import dev.durable.runtime.spi.WorkflowRuns;
import javax.annotation.processing.Generated;

/**
 * Starts and follows runs of workflow {@code counter} version {@code 1} ({@link CounterWorkflow}).
 */
@Generated("dev.durable.processor.DurableProcessor")
public final class CounterWorkflowClient {
  private final WorkflowRuns<Integer> runs;

  private CounterWorkflowClient(WorkflowRuns<Integer> runs) {
    this.runs = runs;
  }

  /** A client that starts and finds runs through {@code engine}. */
  public static CounterWorkflowClient of(DurableEngine engine) {
    return new CounterWorkflowClient(WorkflowRuns.of(engine, CounterWorkflowDurable.WORKFLOW));
  }

  /**
   * A client, inside a run's {@code @Run} method, that starts child runs of this workflow: each
   * start is checkpointed (a replay does not start it again), and its handle's {@code await()}
   * waits durably for the child to end.
   */
  public static CounterWorkflowClient of(WorkflowContext context) {
    return new CounterWorkflowClient(WorkflowRuns.of(context, CounterWorkflowDurable.WORKFLOW));
  }

  /** Starts a run with a new id. */
  public RunHandle<Integer> start(int count, int limit) {
    return runs.start(new Object[] {count, limit});
  }

  /**
   * Starts the run with id {@code runId}, or returns the run already started with that id: a second
   * start with the same id is not an error and starts nothing.
   */
  public RunHandle<Integer> start(String runId, int count, int limit) {
    return runs.start(runId, new Object[] {count, limit});
  }

  /**
   * Starts a run as {@code options} say: with their run id (a second start with the same id starts
   * nothing) or a new one, on their version of the workflow or the newest registered with the
   * engine.
   */
  public RunHandle<Integer> start(StartOptions options, int count, int limit) {
    return runs.start(options, new Object[] {count, limit});
  }

  /** The run with id {@code runId}. */
  public RunHandle<Integer> get(String runId) {
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
  public Integer continueAsNew(int count, int limit) {
    return runs.continueAsNew(new Object[] {count, limit});
  }
}
