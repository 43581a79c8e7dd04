package dev.durable.processor.reading;

import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * The qualified names of the runtime's types that a workflow's signatures name, declared here once
 * and matched by name, never by class: the processor does not depend on the runtime.
 */
public final class TypeNames {
  public static final String WORKFLOW_CONTEXT = "dev.durable.runtime.WorkflowContext";
  public static final String STEP_CONTEXT = "dev.durable.runtime.StepContext";
  public static final String RUN_ERROR = "dev.durable.runtime.RunError";

  private TypeNames() {}

  /** Whether {@code type} is the declared type {@code qualifiedName}. */
  public static boolean is(TypeMirror type, String qualifiedName) {
    return type.getKind() == TypeKind.DECLARED
        && ((TypeElement) ((DeclaredType) type).asElement())
            .getQualifiedName()
            .contentEquals(qualifiedName);
  }
}
