package dev.durable.processor.generation;

import com.palantir.javapoet.ClassName;

/**
 * The classes generated code refers to. Named, not loaded: the processor does not depend on the
 * runtime or on Jackson.
 */
final class RuntimeTypes {
  static final ClassName GENERATED = ClassName.get("javax.annotation.processing", "Generated");
  static final ClassName BACKOFF = ClassName.get("dev.durable.annotations", "Backoff");
  static final ClassName CATCH_UP = ClassName.get("dev.durable.annotations", "CatchUp");

  static final ClassName DURABLE_ENGINE = ClassName.get("dev.durable.runtime", "DurableEngine");
  static final ClassName RETRY_POLICY = ClassName.get("dev.durable.runtime", "RetryPolicy");
  static final ClassName RUN_HANDLE = ClassName.get("dev.durable.runtime", "RunHandle");
  static final ClassName START_OPTIONS = ClassName.get("dev.durable.runtime", "StartOptions");
  static final ClassName WORKFLOW_CONTEXT = ClassName.get("dev.durable.runtime", "WorkflowContext");
  static final ClassName RUN_ERROR = ClassName.get("dev.durable.runtime", "RunError");
  static final ClassName UNKNOWN_RUN = ClassName.get("dev.durable.runtime", "UnknownRunException");
  static final ClassName RUN_ENDED = ClassName.get("dev.durable.runtime", "RunEndedException");
  static final ClassName INVALID_INPUT =
      ClassName.get("dev.durable.runtime", "InvalidInputException");

  static final ClassName DURABLE_WORKFLOW =
      ClassName.get("dev.durable.runtime.spi", "DurableWorkflow");
  static final ClassName STEP_TYPE = ClassName.get("dev.durable.runtime.spi", "StepType");
  static final ClassName STEPS = ClassName.get("dev.durable.runtime.spi", "Steps");
  static final ClassName STEP_BINDING = ClassName.get("dev.durable.runtime.spi", "StepBinding");
  static final ClassName DURABLE_STEPS = ClassName.get("dev.durable.runtime.spi", "DurableSteps");
  static final ClassName PARALLEL = ClassName.get("dev.durable.runtime", "Parallel");
  static final ClassName WORKFLOW_RUNS = ClassName.get("dev.durable.runtime.spi", "WorkflowRuns");
  static final ClassName WORKFLOW_TYPE = ClassName.get("dev.durable.runtime.spi", "WorkflowType");
  static final ClassName SIGNAL_TYPE = ClassName.get("dev.durable.runtime.spi", "SignalType");
  static final ClassName SIGNALS = ClassName.get("dev.durable.runtime.spi", "Signals");
  static final ClassName DURATION = ClassName.get("java.time", "Duration");

  static final ClassName JAVA_TYPE = ClassName.get("com.fasterxml.jackson.databind", "JavaType");
  static final ClassName TYPE_FACTORY =
      ClassName.get("com.fasterxml.jackson.databind.type", "TypeFactory");

  private RuntimeTypes() {}
}
