package dev.durable.processor.validation;

import dev.durable.processor.messages.Message;
import dev.durable.processor.messages.RouteMessages;
import dev.durable.processor.reading.AnnotationReader;
import dev.durable.processor.reading.StepAnnotation;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * The rules on {@code @Step(compensate = ...)}: it names a method of the same workflow, that method
 * is a {@code @Step}, it takes the compensated step's stored parameters followed by its result
 * (none for a void step), after an optional {@code StepContext}, and it has no {@code compensate}
 * of its own. Reported on the compensated step's {@code compensate} value.
 */
final class CompensationValidator {
  private final Elements elements;
  private final Types types;
  private final AnnotationReader reader;

  CompensationValidator(ProcessingEnvironment env) {
    this.elements = env.getElementUtils();
    this.types = env.getTypeUtils();
    this.reader = new AnnotationReader(elements);
  }

  /** Checks the {@code compensate} of each of {@code steps}, the workflow's step methods. */
  void validate(TypeElement workflow, List<ExecutableElement> steps, ValidationReport report) {
    for (ExecutableElement step : steps) {
      StepAnnotation annotation = reader.step(step).orElseThrow();
      String name = annotation.compensate().value();
      if (!name.isEmpty()) {
        check(workflow, step, annotation, name, report);
      }
    }
  }

  private void check(
      TypeElement workflow, ExecutableElement step, StepAnnotation annotation, String name,
      ValidationReport report) {
    String described = Describe.method(step);
    List<ExecutableElement> named = ElementFilter.methodsIn(workflow.getEnclosedElements())
        .stream().filter(m -> m.getSimpleName().contentEquals(name)).toList();
    if (named.isEmpty()) {
      error(report, step, annotation, RouteMessages.compensateMissing(described, name,
              Describe.type(workflow)));
      return;
    }
    List<ExecutableElement> stepsNamed = named.stream()
        .filter(m -> reader.step(m).isPresent()).toList();
    if (stepsNamed.isEmpty()) {
      error(report, step, annotation, RouteMessages.compensateNotStep(described,
              Describe.method(named.get(0))));
      return;
    }
    List<TypeMirror> expected = new ArrayList<>(stored(step));
    if (step.getReturnType().getKind() != TypeKind.VOID) {
      expected.add(step.getReturnType());
    }
    ExecutableElement compensation = stepsNamed.stream()
        .filter(m -> same(stored(m), expected)).findFirst().orElse(null);
    if (compensation == null) {
      error(report, step, annotation, RouteMessages.compensateSignature(described,
              Describe.method(stepsNamed.get(0)), list(expected), list(stored(stepsNamed.get(0)))));
      return;
    }
    if (compensation.equals(step)
        || !reader.step(compensation).orElseThrow().compensate().value().isEmpty()) {
      error(report, step, annotation, RouteMessages.compensateChained(described,
              Describe.method(compensation)));
    }
  }

  /** The types of a step method's stored parameters: all but a leading {@code StepContext}. */
  private static List<TypeMirror> stored(ExecutableElement method) {
    List<TypeMirror> params = new ArrayList<>();
    for (VariableElement param : method.getParameters()) {
      params.add(param.asType());
    }
    if (!params.isEmpty() && Names.is(params.get(0), Names.STEP_CONTEXT)) {
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
