package dev.durable.processor.validation;

import dev.durable.processor.messages.RunMessages;
import dev.durable.processor.messages.ScheduleMessages;
import dev.durable.processor.messages.SignalMessages;
import dev.durable.processor.messages.StepMessages;
import dev.durable.processor.reading.Annotations;
import dev.durable.processor.reading.WorkflowReader;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;

/**
 * Durable's annotations where they have no effect: {@code @Step}, {@code @Run} and {@code @Signal}
 * methods, and {@code @Schedule}s, outside {@code @Workflow} classes (a step contract's
 * {@code @Step} methods excepted).
 */
public final class StrayAnnotations {
  private StrayAnnotations() {}

  /**
   * Validates {@code @Step}, {@code @Run} and {@code @Signal} methods declared outside {@code
   * @Workflow} classes.
   */
  public static ValidationReport validateMethods(
      Set<? extends Element> stepMethods, Set<? extends Element> runMethods,
      Set<? extends Element> signalMethods) {
    ValidationReport report = new ValidationReport();
    for (Element method : signalMethods) {
      if (method.getKind() == ElementKind.METHOD
          && !Annotations.has(method.getEnclosingElement(), Annotations.WORKFLOW)) {
        report.error(
            method,
            SignalMessages.signalOutsideWorkflow(Describe.method((ExecutableElement) method),
                Describe.type(method.getEnclosingElement())));
      }
    }
    for (Element method : stepMethods) {
      if (isStray(method)) {
        report.error(
            method,
            StepMessages.stepOutsideWorkflow(Describe.method((ExecutableElement) method),
                Describe.type(method.getEnclosingElement())));
      }
    }
    for (Element method : runMethods) {
      if (isStray(method)) {
        report.error(
            method,
            RunMessages.runOutsideWorkflow(Describe.method((ExecutableElement) method),
                Describe.type(method.getEnclosingElement())));
      }
    }
    return report;
  }

  /** Validates {@code @Schedule}s on classes that are not {@code @Workflow} classes. */
  public static ValidationReport validateSchedules(Set<? extends Element> scheduled) {
    ValidationReport report = new ValidationReport();
    for (Element type : scheduled) {
      if (!Annotations.has(type, Annotations.WORKFLOW)) {
        report.error(type, ScheduleMessages.scheduleOutsideWorkflow(Describe.type(type)));
      }
    }
    return report;
  }

  private static boolean isStray(Element method) {
    return method.getKind() == ElementKind.METHOD
        && !Annotations.has(method.getEnclosingElement(), Annotations.WORKFLOW)
        && !(Annotations.has(method, Annotations.STEP)
            && method.getEnclosingElement() instanceof TypeElement type
            && WorkflowReader.isContract(type));
  }
}
