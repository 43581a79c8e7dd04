package dev.durable.processor.model;

import com.palantir.javapoet.ClassName;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.TypeElement;

/** PLACEHOLDER: replaced by the model author. Returns a name-only model; generates nothing. */
public final class ModelFactory {
  public ModelFactory(ProcessingEnvironment env) {}

  public WorkflowModel create(TypeElement workflow) {
    ClassName type = ClassName.get(workflow);
    return new WorkflowModel(
        workflow.getQualifiedName().toString(),
        "1",
        type.peerClass(String.join("_", type.simpleNames()) + "Durable"),
        false);
  }
}
