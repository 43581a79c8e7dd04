package dev.durable.processor.model;

import java.util.Objects;

/**
 * An {@code @OnError} route: the method the run's failure with {@code code} is handed to.
 *
 * @param code the error code it takes
 * @param methodName the method's name
 * @param takesContext whether its first parameter is the {@code WorkflowContext}
 * @param takesError whether its last parameter is the {@code RunError}
 * @param deprecated whether it is {@code @Deprecated}, so that calling it needs no warning
 */
public record RouteModel(
    String code, String methodName, boolean takesContext, boolean takesError, boolean deprecated) {

  public RouteModel {
    Objects.requireNonNull(code, "code");
    Objects.requireNonNull(methodName, "methodName");
  }
}
