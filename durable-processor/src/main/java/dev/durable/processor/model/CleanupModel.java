package dev.durable.processor.model;

import java.util.Objects;

/**
 * The {@code @OnFailure} method: the clean-up run after the run failed for good.
 *
 * @param methodName the method's name
 * @param takesContext whether its first parameter is the {@code WorkflowContext}
 * @param takesError whether its last parameter is the {@code RunError}
 * @param deprecated whether it is {@code @Deprecated}, so that calling it needs no warning
 */
public record CleanupModel(
    String methodName, boolean takesContext, boolean takesError, boolean deprecated) {

  public CleanupModel {
    Objects.requireNonNull(methodName, "methodName");
  }
}
