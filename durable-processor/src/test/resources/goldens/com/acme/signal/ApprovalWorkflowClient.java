package com.acme.signal;

import com.acme.Quote;
import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.InvalidInputException;
import dev.durable.runtime.RunEndedException;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.StartOptions;
import dev.durable.runtime.UnknownRunException;
import dev.durable.runtime.WorkflowContext;
import dev.durable.runtime.spi.WorkflowRuns;
import java.util.List;
import javax.annotation.processing.Generated;

/**
 * Starts and follows runs of workflow {@code approval} version {@code 1}
 * ({@link ApprovalWorkflow}).
 */
@Generated("dev.durable.processor.DurableProcessor")
public final class ApprovalWorkflowClient {
  private final WorkflowRuns<String> runs;

  private ApprovalWorkflowClient(WorkflowRuns<String> runs) {
    this.runs = runs;
  }

  /** A client that starts and finds runs through {@code engine}. */
  public static ApprovalWorkflowClient of(DurableEngine engine) {
    return new ApprovalWorkflowClient(WorkflowRuns.of(engine, ApprovalWorkflowDurable.WORKFLOW));
  }

  /**
   * A client, inside a run's {@code @Run} method, that starts child runs of this workflow: each
   * start is checkpointed (a replay does not start it again), and its handle's {@code await()}
   * waits durably for the child to end.
   */
  public static ApprovalWorkflowClient of(WorkflowContext context) {
    return new ApprovalWorkflowClient(WorkflowRuns.of(context, ApprovalWorkflowDurable.WORKFLOW));
  }

  /** Starts a run with a new id. */
  public RunHandle<String> start(String request) {
    return runs.start(new Object[] {request});
  }

  /**
   * Starts the run with id {@code runId}, or returns the run already started with that id: a second
   * start with the same id is not an error and starts nothing.
   */
  public RunHandle<String> start(String runId, String request) {
    return runs.start(runId, new Object[] {request});
  }

  /**
   * Starts a run as {@code options} say: with their run id (a second start with the same id starts
   * nothing) or a new one, on their version of the workflow or the newest registered with the
   * engine.
   */
  public RunHandle<String> start(StartOptions options, String request) {
    return runs.start(options, new Object[] {request});
  }

  /** The run with id {@code runId}. */
  public RunHandle<String> get(String runId) {
    return runs.get(runId);
  }

  /**
   * Sends signal {@code counterOffer} with {@code value} to run {@code runId}, and wakes the run:
   * its wait ({@link ApprovalWorkflow#counterOffer}) returns the value. A run not waiting yet keeps
   * it, in order, for its next wait.
   *
   * @throws UnknownRunException if no run of this workflow has id {@code runId}
   * @throws RunEndedException if the run has ended
   * @throws InvalidInputException if the value is invalid or cannot be stored
   */
  public void counterOffer(String runId, Quote value) {
    runs.signal(runId, ApprovalWorkflowDurable.COUNTER_OFFER_SIGNAL, value);
  }

  /**
   * Sends signal {@code approval.decision} with {@code value} to run {@code runId}, and wakes the
   * run: its wait ({@link ApprovalWorkflow#approved}) returns the value. A run not waiting yet
   * keeps it, in order, for its next wait.
   *
   * @throws UnknownRunException if no run of this workflow has id {@code runId}
   * @throws RunEndedException if the run has ended
   * @throws InvalidInputException if the value is invalid or cannot be stored
   */
  public void approved(String runId, boolean value) {
    runs.signal(runId, ApprovalWorkflowDurable.APPROVAL_DECISION_SIGNAL, value);
  }

  /**
   * Sends signal {@code comments} with {@code value} to run {@code runId}, and wakes the run: its
   * wait ({@link ApprovalWorkflow#comments}) returns the value. A run not waiting yet keeps it, in
   * order, for its next wait.
   *
   * @throws UnknownRunException if no run of this workflow has id {@code runId}
   * @throws RunEndedException if the run has ended
   * @throws InvalidInputException if the value is invalid or cannot be stored
   */
  public void comments(String runId, List<String> value) {
    runs.signal(runId, ApprovalWorkflowDurable.COMMENTS_SIGNAL, value);
  }

  /**
   * Sends signal {@code legacyScore} with {@code value} to run {@code runId}, and wakes the run:
   * its wait ({@link ApprovalWorkflow#legacyScore}) returns the value. A run not waiting yet keeps
   * it, in order, for its next wait.
   *
   * @throws UnknownRunException if no run of this workflow has id {@code runId}
   * @throws RunEndedException if the run has ended
   * @throws InvalidInputException if the value is invalid or cannot be stored
   */
  @Deprecated
  public void legacyScore(String runId, int value) {
    runs.signal(runId, ApprovalWorkflowDurable.LEGACY_SCORE_SIGNAL, value);
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
  public String continueAsNew(String request) {
    return runs.continueAsNew(new Object[] {request});
  }
}
