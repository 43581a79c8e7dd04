package dev.durable.processor.validation;

import java.util.Set;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;

/** Checks a {@code @Workflow} class, its {@code @Run} and {@code @Step} methods and their types. */
public final class WorkflowValidator {
  private final ProcessingEnvironment env;

  public WorkflowValidator(ProcessingEnvironment env) {
    this.env = env;
  }

  /** Validates one {@code @Workflow} type. */
  public ValidationReport validateWorkflow(TypeElement workflow) {
    return new ValidationReport();
  }

  /** Validates {@code @Step} and {@code @Run} methods declared outside {@code @Workflow} classes. */
  public ValidationReport validateStrays(
      Set<? extends Element> stepMethods, Set<? extends Element> runMethods) {
    return new ValidationReport();
  }
}
