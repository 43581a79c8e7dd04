package dev.durable.processor.reading;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;

/**
 * Reads each {@code @Workflow} class and step contract once into its raw model ({@link
 * RawWorkflow}, {@link RawContract}): every one of Durable's annotations on the type and its
 * methods, which the rules, the model factory and the shape then take from there. The one caller
 * of {@link AnnotationReader}.
 */
public final class WorkflowReader {
  private final AnnotationReader annotations;

  public WorkflowReader(Elements elements) {
    this.annotations = new AnnotationReader(elements);
  }

  /** The raw model of {@code workflow}, which carries {@code @Workflow}. */
  public RawWorkflow read(TypeElement workflow) {
    return new RawWorkflow(
        workflow,
        annotations.workflow(workflow).orElseThrow(),
        annotations.schedules(workflow),
        methods(workflow));
  }

  /** The raw model of step contract {@code contract} (see {@link #isContract}). */
  public RawContract readContract(TypeElement contract) {
    return new RawContract(contract, methods(contract));
  }

  /**
   * The stored name of {@code type} if it is a {@code @Workflow} class: {@code @Workflow(name)}, or
   * its simple name. A workflow's shape names a child run by it.
   */
  public Optional<String> workflowName(TypeElement type) {
    return annotations.workflow(type).map(w -> w.workflowName(type.getSimpleName().toString()));
  }

  /** The step names of the {@code @Step} methods of {@code type}, by method name (the first). */
  public Map<String, String> stepNames(TypeElement type) {
    Map<String, String> steps = new LinkedHashMap<>();
    for (ExecutableElement method : ElementFilter.methodsIn(type.getEnclosedElements())) {
      String name = method.getSimpleName().toString();
      annotations.step(method).ifPresent(step -> steps.putIfAbsent(name, step.stepName(name)));
    }
    return steps;
  }

  /** Whether {@code type} is a step contract: an interface that declares a {@code @Step} method. */
  public static boolean isContract(TypeElement type) {
    return type.getKind() == ElementKind.INTERFACE
        && !Annotations.has(type, Annotations.WORKFLOW)
        && ElementFilter.methodsIn(type.getEnclosedElements()).stream()
            .anyMatch(method -> Annotations.has(method, Annotations.STEP));
  }

  private List<RawMethod> methods(TypeElement type) {
    List<RawMethod> methods = new ArrayList<>();
    for (ExecutableElement method : ElementFilter.methodsIn(type.getEnclosedElements())) {
      methods.add(new RawMethod(
          method,
          annotations.run(method),
          annotations.step(method),
          annotations.signal(method),
          annotations.onError(method),
          Annotations.has(method, Annotations.ON_FAILURE)));
    }
    return methods;
  }
}
