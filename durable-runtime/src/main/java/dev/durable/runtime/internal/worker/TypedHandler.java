package dev.durable.runtime.internal.worker;

import dev.durable.runtime.FatalError;
import dev.durable.runtime.StepHandler;
import dev.durable.runtime.TaskContext;
import dev.durable.runtime.codec.PayloadException;
import dev.durable.runtime.codec.Payloads;
import dev.durable.runtime.internal.common.Errors;
import dev.durable.runtime.spi.StepBinding;
import dev.durable.runtime.spi.StepType;
import java.util.List;

/**
 * Serves one step of a typed binding: decodes the task's arguments with the step's stored types,
 * calls the implementation, validates and encodes its result. An error listed in the step's {@code
 * nonRetryable} fails it for good, as on a local step.
 */
final class TypedHandler implements StepHandler {
  private final Payloads payloads;
  private final StepType<?> step;
  private final StepBinding binding;

  TypedHandler(Payloads payloads, StepType<?> step, StepBinding binding) {
    this.payloads = payloads;
    this.step = step;
    this.binding = binding;
  }

  @Override
  public String handle(TaskContext task, String input) throws Exception {
    Object[] args;
    try {
      args = payloads.decodeArgs(step.params(), input);
    } catch (PayloadException e) {
      throw new FatalError("cannot decode the input of " + step + " in task " + task.taskId()
          + ": " + e.getMessage() + "; the worker's classes do not match the engine's",
          Errors.PAYLOAD_UNDECODABLE);
    }
    Object result;
    try {
      result = binding.invoke(step.name(), args);
    } catch (Exception e) {
      if (!step.isRetryable(e)) {
        throw new StepFailure(e, false);
      }
      throw e;
    }
    List<String> violations = payloads.violations(step.result(), result);
    if (!violations.isEmpty()) {
      throw new FatalError(step + " returned an invalid result: " + String.join("; ", violations),
          Errors.INVALID_OUTPUT);
    }
    return payloads.encode(step.result(), result);
  }

  /** An error that keeps its message and type, with the binding's verdict on retrying it. */
  static final class StepFailure extends Exception {
    private static final long serialVersionUID = 1L;

    private final boolean retryable;

    StepFailure(Exception cause, boolean retryable) {
      super(cause.getMessage(), cause);
      this.retryable = retryable;
    }

    boolean retryable() {
      return retryable;
    }
  }
}
