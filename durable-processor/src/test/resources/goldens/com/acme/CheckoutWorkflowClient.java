package com.acme;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.InvalidInputException;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.StartOptions;
import dev.durable.runtime.WorkflowContext;
import dev.durable.runtime.spi.WorkflowRuns;
import javax.annotation.processing.Generated;

/**
 * Starts and follows runs of workflow {@code checkout} version {@code 1}
 * ({@link CheckoutWorkflow}).
 */
@Generated("dev.durable.processor.DurableProcessor")
public final class CheckoutWorkflowClient {
  private final WorkflowRuns<String> runs;

  private CheckoutWorkflowClient(WorkflowRuns<String> runs) {
    this.runs = runs;
  }

  /** A client that starts and finds runs through {@code engine}. */
  public static CheckoutWorkflowClient of(DurableEngine engine) {
    return new CheckoutWorkflowClient(WorkflowRuns.of(engine, CheckoutWorkflowDurable.WORKFLOW));
  }

  /**
   * A client, inside a run's {@code @Run} method, that starts child runs of this workflow: each
   * start is checkpointed (a replay does not start it again), and its handle's {@code await()}
   * waits durably for the child to end.
   */
  public static CheckoutWorkflowClient of(WorkflowContext context) {
    return new CheckoutWorkflowClient(WorkflowRuns.of(context, CheckoutWorkflowDurable.WORKFLOW));
  }

  /** Starts a run with a new id. */
  public RunHandle<String> start(Order order) {
    return runs.start(new Object[] {order});
  }

  /**
   * Starts the run with id {@code runId}, or returns the run already started with that id: a second
   * start with the same id is not an error and starts nothing.
   */
  public RunHandle<String> start(String runId, Order order) {
    return runs.start(runId, new Object[] {order});
  }

  /**
   * Starts a run as {@code options} say: with their run id (a second start with the same id starts
   * nothing) or a new one, on their version of the workflow or the newest registered with the
   * engine.
   */
  public RunHandle<String> start(StartOptions options, Order order) {
    return runs.start(options, new Object[] {order});
  }

  /** The run with id {@code runId}. */
  public RunHandle<String> get(String runId) {
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
  public String continueAsNew(Order order) {
    return runs.continueAsNew(new Object[] {order});
  }
}
