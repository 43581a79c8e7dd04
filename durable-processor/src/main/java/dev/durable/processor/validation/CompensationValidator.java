package dev.durable.processor.validation;

import dev.durable.processor.messages.Message;
import dev.durable.processor.messages.RouteMessages;
import dev.durable.processor.reading.RawMethod;
import dev.durable.processor.reading.RawWorkflow;
import dev.durable.processor.reading.StepAnnotation;
import dev.durable.processor.reading.TypeNames;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Types;

/**
 * The rules on {@code @Step(compensate = ...)}: it names a method of the same workflow, that method
 * is a {@code @Step}, it takes the compensated step's stored parameters followed by its result
 * (none for a void step), after an optional {@code StepContext}, and it has no {@code compensate}
 * of its own. Reported on the compensated step's {@code compensate} value.
 */
final class CompensationValidator {
  private final Types types;

  CompensationValidator(ProcessingEnvironment env) {
    this.types = env.getTypeUtils();
  }

  /** Checks the {@code compensate} of each of {@code steps}, step methods of {@code workflow}. */
  void validate(RawWorkflow workflow, List<RawMethod> steps, ValidationReport report) {
    for (RawMethod step : steps) {
      StepAnnotation annotation = step.step().orElseThrow();
      String name = annotation.compensate().value();
      if (!name.isEmpty()) {
        check(workflow, step.element(), annotation, name, report);
      }
    }
  }

  private void check(
      RawWorkflow workflow, ExecutableElement step, StepAnnotation annotation, String name,
      ValidationReport report) {
    String described = Describe.method(step);
    List<RawMethod> named = workflow.named(name);
    if (named.isEmpty()) {
      error(report, step, annotation, RouteMessages.compensateMissing(described, name,
              Describe.type(workflow.type())));
      return;
    }
    List<RawMethod> stepsNamed = named.stream().filter(RawMethod::isStep).toList();
    if (stepsNamed.isEmpty()) {
      error(report, step, annotation, RouteMessages.compensateNotStep(described,
              Describe.method(named.get(0).element())));
      return;
    }
    List<TypeMirror> expected = new ArrayList<>(stored(step));
    if (step.getReturnType().getKind() != TypeKind.VOID) {
      expected.add(step.getReturnType());
    }
    RawMethod compensation = stepsNamed.stream()
        .filter(m -> same(stored(m.element()), expected)).findFirst().orElse(null);
    ExecutableElement first = stepsNamed.get(0).element();
    if (compensation == null) {
      error(report, step, annotation, RouteMessages.compensateSignature(described,
              Describe.method(first), list(expected), list(stored(first))));
      return;
    }
    if (compensation.element().equals(step)
        || !compensation.step().orElseThrow().compensate().value().isEmpty()) {
      error(report, step, annotation, RouteMessages.compensateChained(described,
              Describe.method(compensation.element())));
    }
  }

  /** The types of a step method's stored parameters: all but a leading {@code StepContext}. */
  private static List<TypeMirror> stored(ExecutableElement method) {
    List<TypeMirror> params = new ArrayList<>();
    for (VariableElement param : method.getParameters()) {
      params.add(param.asType());
    }
    if (!params.isEmpty() && TypeNames.is(params.get(0), TypeNames.STEP_CONTEXT)) {
      params.remove(0);
    }
    return params;
  }

  private boolean same(List<TypeMirror> actual, List<TypeMirror> expected) {
    if (actual.size() != expected.size()) {
      return false;
    }
    for (int i = 0; i < actual.size(); i++) {
      if (!types.isSameType(actual.get(i), expected.get(i))) {
        return false;
      }
    }
    return true;
  }

  private static String list(List<TypeMirror> types) {
    return "(" + types.stream().map(Describe::typeMirror).collect(Collectors.joining(", ")) + ")";
  }

  private static void error(
      ValidationReport report, ExecutableElement step, StepAnnotation annotation,
      Message message) {
    report.error(step, annotation.mirror(), annotation.compensate().written(), message);
  }
}
