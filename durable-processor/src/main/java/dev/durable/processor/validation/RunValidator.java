package dev.durable.processor.validation;

import dev.durable.processor.messages.RunMessages;
import dev.durable.processor.reading.RunAnnotation;
import dev.durable.processor.reading.TypeNames;
import java.util.List;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * The rules on one {@code @Run} method of a {@code @Workflow} class: its modifiers, its parameters
 * (an optional {@code WorkflowContext} first, then the stored input) and its stored result. How
 * many {@code @Run} methods a class has is checked by {@link WorkflowValidator}.
 */
final class RunValidator {
  private final StorableTypes storable;
  private final AccessibleTypes accessible;

  RunValidator(StorableTypes storable, AccessibleTypes accessible) {
    this.storable = storable;
    this.accessible = accessible;
  }

  /** The rules on {@code method}, the {@code @Run} method {@code run} annotates. */
  void validate(ExecutableElement method, RunAnnotation run, ValidationReport report) {
    long timeoutMs = run.timeoutMs().value();
    if (timeoutMs < 0) {
      report.error(method, run.mirror(), run.timeoutMs().written(),
          RunMessages.runTimeoutNegative(timeoutMs));
    }
    for (Modifier modifier : List.of(Modifier.PRIVATE, Modifier.STATIC)) {
      if (method.getModifiers().contains(modifier)) {
        report.error(method, RunMessages.runModifier(Describe.method(method), modifier));
      }
    }
    boolean generic = !method.getTypeParameters().isEmpty();
    if (generic) {
      report.error(
          method,
          RunMessages.runGeneric(Describe.method(method),
              Describe.typeParameters(method.getTypeParameters())));
    }
    List<? extends VariableElement> parameters = method.getParameters();
    for (int i = 0; i < parameters.size(); i++) {
      VariableElement parameter = parameters.get(i);
      TypeMirror type = parameter.asType();
      if (TypeNames.is(type, TypeNames.WORKFLOW_CONTEXT)) {
        if (i > 0) {
          report.error(
              parameter,
              RunMessages.runContextPosition(Describe.method(method),
                  parameter.getSimpleName(),
                  i + 1));
        }
      } else if (TypeNames.is(type, TypeNames.STEP_CONTEXT)) {
        report.error(
            parameter,
            RunMessages.runStepContext(Describe.method(method),
                parameter.getSimpleName()));
      } else {
        String position = "run parameter '" + parameter.getSimpleName() + "'";
        accessible.check(type, method, parameter, position, report);
        if (!generic) { // a generic run's type variables are reported above, once
          for (StorableTypes.Problem problem : storable.problemsOf(type)) {
            problem.reportOn(report, parameter, position);
          }
        }
      }
    }
    accessible.check(method.getReturnType(), method, method, "run result", report);
    if (!generic && method.getReturnType().getKind() != TypeKind.VOID) {
      for (StorableTypes.Problem problem : storable.problemsOf(method.getReturnType())) {
        problem.reportOn(report, method, "run result");
      }
    }
  }
}
