package dev.durable.runtime.spi;

import dev.durable.runtime.WorkflowContext;

/**
 * Implemented by each generated {@code <Name>Durable} class: what an engine needs to run a
 * workflow. Register instances with {@code DurableEngine.Builder.register}.
 *
 * @param <R> the workflow's result type
 */
public interface DurableWorkflow<R> {

  /** The workflow's stored identity and types. */
  WorkflowType<R> workflowType();

  /**
   * Calls the workflow's {@code @Run} method with a decoded input, one element per stored
   * parameter.
   */
  R execute(WorkflowContext context, Object[] input) throws Exception;
}
