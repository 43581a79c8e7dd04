package dev.durable.processor.model;

import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.TypeElement;

/** PLACEHOLDER: replaced by the model author. */
public final class ModelFactory {
  public ModelFactory(ProcessingEnvironment env) {}

  public WorkflowModel create(TypeElement workflow) {
    throw new UnsupportedOperationException("not yet written");
  }
}
