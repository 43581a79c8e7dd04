package dev.durable.processor.generation;

import com.palantir.javapoet.JavaFile;
import dev.durable.processor.model.WorkflowModel;
import java.util.List;

/** PLACEHOLDER: replaced by the generation author. */
public final class Generators {
  private Generators() {}

  public static List<JavaFile> generate(WorkflowModel model) {
    return List.of();
  }
}
