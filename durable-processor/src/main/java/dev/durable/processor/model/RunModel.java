package dev.durable.processor.model;

import java.util.List;
import java.util.Objects;

/**
 * The workflow's {@code @Run} method.
 *
 * @param methodName its name, which need not be {@code run}
 * @param params its parameters, in order, a leading {@code WorkflowContext} included
 * @param varargs whether its last parameter is variable-arity
 * @param result its return type
 * @param deprecated whether it is {@code @Deprecated}, so that calling it needs no warning
 * @param timeoutMs the run timeout in milliseconds ({@code @Run(timeoutMs)}); 0 = none
 */
public record RunModel(
    String methodName,
    List<ParamModel> params,
    boolean varargs,
    TypeRef result,
    boolean deprecated,
    long timeoutMs) {

  public RunModel {
    Objects.requireNonNull(methodName, "methodName");
    params = List.copyOf(params);
    Objects.requireNonNull(result, "result");
  }

  /** The parameters that make up the run's stored input, in order. */
  public List<ParamModel> storedParams() {
    return params.stream().filter(ParamModel::isStored).toList();
  }

  /** Whether a stored parameter has Jakarta constraints written on it. */
  public boolean hasDeclaredConstraints() {
    return params.stream().anyMatch(param -> param.declaredConstraints().isPresent());
  }
}
