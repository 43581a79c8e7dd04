package dev.durable.processor.generation;

import com.palantir.javapoet.JavaFile;
import dev.durable.processor.lock.StepGraph;
import dev.durable.processor.model.WorkflowModel;
import java.util.List;

/** Every file generated for one workflow. */
public final class Generators {
  private Generators() {}

  /**
   * The {@code Codecs}, {@code Durable} and {@code Client} classes of {@code model}, in that order
   * (each refers only to the ones before it).
   */
  public static List<JavaFile> generate(WorkflowModel model) {
    return generate(model, StepGraph.of(model).lines(), "");
  }

  /**
   * The {@code Codecs}, {@code Durable} and {@code Client} classes of {@code model}, whose {@code
   * WORKFLOW} constant carries the lines of its step graph, {@code graph}, and its shape as JSON
   * text, {@code shape} (empty: none).
   */
  public static List<JavaFile> generate(WorkflowModel model, List<String> graph, String shape) {
    return List.of(
        CodecsGenerator.generate(model),
        DurableClassGenerator.generate(model, graph, shape),
        ClientGenerator.generate(model));
  }
}
