package dev.durable.processor.reading;

import java.util.List;
import java.util.function.Predicate;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;

/**
 * One {@code @Workflow} type as read once by {@link WorkflowReader}: the raw model that the rules
 * check and the model factory builds from, so that neither reads an annotation again.
 *
 * @param annotation its {@code @Workflow}
 * @param schedules its {@code @Schedule}s, in declaration order
 * @param methods all its methods, annotated or not, in declaration order
 */
public record RawWorkflow(
    TypeElement type,
    WorkflowAnnotation annotation,
    List<ScheduleAnnotation> schedules,
    List<RawMethod> methods) {

  public RawWorkflow {
    schedules = List.copyOf(schedules);
    methods = List.copyOf(methods);
  }

  /** The stored name: {@code @Workflow(name)}, or the class's simple name. */
  public String name() {
    return annotation.workflowName(type.getSimpleName().toString());
  }

  /** Whether the type is declared as a class (or, wrongly, as a record), not an interface. */
  public boolean isClass() {
    return type.getKind() == ElementKind.CLASS || type.getKind() == ElementKind.RECORD;
  }

  /** The {@code @Run} methods, in declaration order. */
  public List<RawMethod> runs() {
    return filter(RawMethod::isRun);
  }

  /** The {@code @Step} methods, in declaration order. */
  public List<RawMethod> steps() {
    return filter(RawMethod::isStep);
  }

  /** The methods named {@code name}, in declaration order. */
  public List<RawMethod> named(String name) {
    return filter(m -> m.name().equals(name));
  }

  private List<RawMethod> filter(Predicate<RawMethod> test) {
    return methods.stream().filter(test).toList();
  }
}
