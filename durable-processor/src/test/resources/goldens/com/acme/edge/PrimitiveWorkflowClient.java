package com.acme.edge;

import com.acme.Order;
import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.InvalidInputException;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.StartOptions;
import dev.durable.runtime.WorkflowContext;
import dev.durable.runtime.spi.WorkflowRuns;
import java.util.List;
import java.util.Map;
import javax.annotation.processing.Generated;

/**
 * Starts and follows runs of workflow {@code PrimitiveWorkflow} version {@code 1}
 * ({@link PrimitiveWorkflow}).
 */
@Generated("dev.durable.processor.DurableProcessor")
public final class PrimitiveWorkflowClient {
  private final WorkflowRuns<Integer> runs;

  private PrimitiveWorkflowClient(WorkflowRuns<Integer> runs) {
    this.runs = runs;
  }

  /** A client that starts and finds runs through {@code engine}. */
  public static PrimitiveWorkflowClient of(DurableEngine engine) {
    return new PrimitiveWorkflowClient(WorkflowRuns.of(engine, PrimitiveWorkflowDurable.WORKFLOW));
  }

  /**
   * A client, inside a run's {@code @Run} method, that starts child runs of this workflow: each
   * start is checkpointed (a replay does not start it again), and its handle's {@code await()}
   * waits durably for the child to end.
   */
  public static PrimitiveWorkflowClient of(WorkflowContext context) {
    return new PrimitiveWorkflowClient(WorkflowRuns.of(context, PrimitiveWorkflowDurable.WORKFLOW));
  }

  /** Starts a run with a new id. */
  public RunHandle<Integer> start(int runId, long[] values, List<Map<String, Order>> batches,
      List<? extends Order> orders, String runs) {
    return this.runs.start(new Object[] {runId, values, batches, orders, runs});
  }

  /**
   * Starts the run with id {@code runId_}, or returns the run already started with that id: a
   * second start with the same id is not an error and starts nothing.
   */
  public RunHandle<Integer> start(String runId_, int runId, long[] values,
      List<Map<String, Order>> batches, List<? extends Order> orders, String runs) {
    return this.runs.start(runId_, new Object[] {runId, values, batches, orders, runs});
  }

  /**
   * Starts a run as {@code options} say: with their run id (a second start with the same id starts
   * nothing) or a new one, on their version of the workflow or the newest registered with the
   * engine.
   */
  public RunHandle<Integer> start(StartOptions options, int runId, long[] values,
      List<Map<String, Order>> batches, List<? extends Order> orders, String runs) {
    return this.runs.start(options, new Object[] {runId, values, batches, orders, runs});
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
  public Integer continueAsNew(int runId, long[] values, List<Map<String, Order>> batches,
      List<? extends Order> orders, String runs) {
    return this.runs.continueAsNew(new Object[] {runId, values, batches, orders, runs});
  }
}
