package dev.durable.processor.model;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeVariableName;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One {@code @Step} method.
 *
 * @param methodName the method's name
 * @param stepName the step's stored name: {@code @Step(name)}, or the method name
 * @param visibility the method's access, kept by the override
 * @param typeVariables the method's own type parameters, if any
 * @param params its parameters, in order, a {@code StepContext} included
 * @param varargs whether its last parameter is variable-arity
 * @param result its return type
 * @param thrown its {@code throws} clause, in order
 * @param retry its retry schedule
 * @param timeoutMs its per-attempt deadline in milliseconds; 0 = none
 * @param nonRetryable the exception classes that fail it at once, in declaration order
 * @param deprecated whether it is {@code @Deprecated}; then so is its override
 * @param remoteRedispatchMs a contract step's lost-task lease in milliseconds; 0 = none
 * @param remoteRedispatchMax how many times a contract step's lost task is delivered again
 * @param pickupTimeoutMs a contract step's longest wait in the queue; 0 = its timeoutMs
 * @param queue a local step's flow-control queue; empty = none
 * @param compensation the step that undoes it, if it names one with {@code compensate}
 */
public record StepModel(
    String methodName,
    String stepName,
    Visibility visibility,
    List<TypeVariableName> typeVariables,
    List<ParamModel> params,
    boolean varargs,
    TypeRef result,
    List<TypeName> thrown,
    RetryPolicy retry,
    long timeoutMs,
    List<ClassName> nonRetryable,
    boolean deprecated,
    long remoteRedispatchMs,
    int remoteRedispatchMax,
    long pickupTimeoutMs,
    String queue,
    Optional<Compensation> compensation) {

  /**
   * The step that undoes a step: {@code @Step(compensate = ...)}.
   *
   * @param methodName its method's name
   * @param stepName its stored name
   * @param takesStepContext whether its first parameter is a {@code StepContext}
   * @param deprecated whether it is {@code @Deprecated}, so that calling it needs no warning
   */
  public record Compensation(
      String methodName, String stepName, boolean takesStepContext, boolean deprecated) {
    public Compensation {
      Objects.requireNonNull(methodName, "methodName");
      Objects.requireNonNull(stepName, "stepName");
    }
  }

  public StepModel {
    Objects.requireNonNull(methodName, "methodName");
    Objects.requireNonNull(stepName, "stepName");
    Objects.requireNonNull(visibility, "visibility");
    typeVariables = List.copyOf(typeVariables);
    params = List.copyOf(params);
    Objects.requireNonNull(result, "result");
    thrown = List.copyOf(thrown);
    Objects.requireNonNull(retry, "retry");
    nonRetryable = List.copyOf(nonRetryable);
    Objects.requireNonNull(compensation, "compensation");
  }

  /** This step, undone by {@code compensation}. */
  public StepModel withCompensation(Compensation compensation) {
    return new StepModel(methodName, stepName, visibility, typeVariables, params, varargs, result,
        thrown, retry, timeoutMs, nonRetryable, deprecated, remoteRedispatchMs,
        remoteRedispatchMax, pickupTimeoutMs, queue, Optional.of(compensation));
  }

  /** The parameters that make up the step's stored input, in order. */
  public List<ParamModel> storedParams() {
    return params.stream().filter(ParamModel::isStored).toList();
  }
}
