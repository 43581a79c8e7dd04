package dev.durable.processor.reading;

import javax.lang.model.element.AnnotationMirror;

/** A {@code @Workflow} as written on one class. */
public record WorkflowAnnotation(
    AnnotationMirror mirror, Attribute<String> name, Attribute<String> version) {

  /** The workflow's name: {@code name} if set, else the class's simple name. */
  public String workflowName(String simpleName) {
    return name.value().isEmpty() ? simpleName : name.value();
  }
}
