package dev.durable.processor.validation;

import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/** The qualified names the validator looks for; matched by name, never by class. */
final class Names {
  static final String WORKFLOW = "dev.durable.annotations.Workflow";
  static final String RUN = "dev.durable.annotations.Run";
  static final String STEP = "dev.durable.annotations.Step";
  static final String SIGNAL = "dev.durable.annotations.Signal";
  static final String ON_ERROR = "dev.durable.annotations.OnError";
  static final String ON_FAILURE = "dev.durable.annotations.OnFailure";
  static final String RUN_ERROR = "dev.durable.runtime.RunError";
  static final String DURATION = "java.time.Duration";
  static final String STEP_CONTEXT = "dev.durable.runtime.StepContext";
  static final String WORKFLOW_CONTEXT = "dev.durable.runtime.WorkflowContext";

  private Names() {}

  /** Whether {@code type} is the declared type {@code qualifiedName}. */
  static boolean is(TypeMirror type, String qualifiedName) {
    return type.getKind() == TypeKind.DECLARED
        && ((TypeElement) ((DeclaredType) type).asElement())
            .getQualifiedName()
            .contentEquals(qualifiedName);
  }
}
