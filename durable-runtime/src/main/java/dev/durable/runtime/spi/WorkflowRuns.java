package dev.durable.runtime.spi;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.StartOptions;
import dev.durable.runtime.WorkflowContext;

/**
 * Starts and finds the runs of one workflow: what a generated {@code <Name>Client} delegates to.
 *
 * @param <R> the workflow's result type
 */
public interface WorkflowRuns<R> {

  /** The runs of {@code type} in {@code engine}'s store. */
  static <R> WorkflowRuns<R> of(DurableEngine engine, WorkflowType<R> type) {
    if (engine instanceof Access access) {
      return access.runs(type);
    }
    throw new IllegalArgumentException(
        "engine " + engine.getClass().getName() + " was not built by DurableEngine.builder()");
  }

  /**
   * The runs of {@code type} that the run executing {@code context} starts as its children: each
   * start is checkpointed at the call's position, and the handles' {@code await} wait durably.
   *
   * @throws IllegalArgumentException if {@code context} is not the context of a run being executed
   */
  static <R> WorkflowRuns<R> of(WorkflowContext context, WorkflowType<R> type) {
    if (context instanceof Access access) {
      return access.runs(type);
    }
    throw new IllegalArgumentException(
        "the WorkflowContext passed is not that of a run being executed by an engine; pass the"
            + " context your @Run method received");
  }

  /** Validates and stores a new run with a fresh id, and wakes an engine for it. */
  RunHandle<R> start(Object[] input);

  /**
   * Starts the run with id {@code runId}, or returns the run already started with it: starting is
   * idempotent.
   */
  RunHandle<R> start(String runId, Object[] input);

  /**
   * Starts a run as {@code options} say: with their run id (idempotent, as above) or a new one, on
   * their version or the newest registered.
   *
   * @throws IllegalArgumentException if the version named is neither registered with the engine
   *     nor the client's own
   */
  RunHandle<R> start(StartOptions options, Object[] input);

  /** The run with id {@code runId}; fails if none is stored for this workflow. */
  RunHandle<R> get(String runId);

  /**
   * Sends {@code signal} with {@code value} to run {@code runId}: stores it, in order, and wakes the
   * run, in one commit. A run that is not waiting for it yet keeps it for its next wait.
   *
   * @throws dev.durable.runtime.UnknownRunException if no run of this workflow has that id
   * @throws dev.durable.runtime.RunEndedException if the run has ended
   * @throws dev.durable.runtime.InvalidInputException if the value is invalid or cannot be stored
   */
  <T> void signal(String runId, SignalType<T> signal, T value);

  /**
   * Starts the run executing this client's {@code @Run} method over with {@code input}: the same
   * run id, in its next generation, with an empty history; never returns normally. Only for a
   * client made from the run's own {@code WorkflowContext}, called from the {@code @Run} method's
   * own code.
   *
   * @throws IllegalStateException on a client made from an engine, or when called from a step, a
   *     branch of a fan or group
   * @throws dev.durable.runtime.InvalidInputException if the input is invalid or cannot be stored
   */
  default R continueAsNew(Object[] input) {
    throw new IllegalStateException("continueAsNew starts the calling run over: call it from a"
        + " @Run method, on the client made from its WorkflowContext (<Name>Client.of(ctx)), not on"
        + " one made from an engine");
  }

  /** Implemented by engines and by runs' turns: hands out {@link WorkflowRuns}. */
  interface Access {
    <R> WorkflowRuns<R> runs(WorkflowType<R> type);
  }
}
