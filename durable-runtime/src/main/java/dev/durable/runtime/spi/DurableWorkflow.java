package dev.durable.runtime.spi;

import dev.durable.runtime.RunError;
import dev.durable.runtime.WorkflowContext;
import dev.durable.runtime.WorkflowDefinition;
import java.util.List;
import java.util.Set;

/**
 * Implemented by each generated {@code <Name>Durable} class: what an engine needs to run a
 * workflow. Register instances with {@code DurableEngine.Builder.register}, which takes them as the
 * API's {@link WorkflowDefinition}.
 *
 * @param <R> the workflow's result type
 */
public interface DurableWorkflow<R> extends WorkflowDefinition {

  /** The workflow's stored identity and types. */
  WorkflowType<R> workflowType();

  /**
   * Calls the workflow's {@code @Run} method with a decoded input, one element per stored
   * parameter.
   */
  R execute(WorkflowContext context, Object[] input) throws Exception;

  /**
   * The workflow's {@code @Signal}s: a signal sent to a run of this version through another
   * version's client is checked against them, and refused if its value does not fit. None by
   * default.
   */
  default List<SignalType<?>> signals() {
    return List.of();
  }

  /** The error codes the workflow routes with {@code @OnError} methods; none by default. */
  default Set<String> errorRoutes() {
    return Set.of();
  }

  /**
   * Calls the {@code @OnError} method for {@code error}'s code, one of {@link #errorRoutes()},
   * with the run's decoded input: its result completes the run.
   */
  default R onError(WorkflowContext context, Object[] input, RunError error) throws Exception {
    throw new IllegalArgumentException(
        workflowType() + " has no @OnError route for code '" + error.code() + "'");
  }

  /** Whether the workflow has an {@code @OnFailure} method; not by default. */
  default boolean cleansUpOnFailure() {
    return false;
  }

  /**
   * Calls the {@code @OnFailure} method with the run's decoded input and its failure: after the
   * run failed for good, before it is recorded as failed.
   */
  default void onFailure(WorkflowContext context, Object[] input, RunError error) throws Exception {
    throw new IllegalStateException(workflowType() + " has no @OnFailure method");
  }

  /**
   * Calls the step that compensates completed step {@code step} ({@code @Step(compensate = ...)})
   * with that step's stored arguments and, unless it is void, its result: after the run failed for
   * good, last completed first, each a checkpointed step.
   */
  default void compensate(WorkflowContext context, String step, Object[] args, Object result)
      throws Exception {
    throw new IllegalArgumentException(
        workflowType() + " has no compensation for step '" + step + "'");
  }
}
