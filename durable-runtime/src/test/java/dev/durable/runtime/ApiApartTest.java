package dev.durable.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The public API stands apart from the engine: what users and generated code compile against
 * names nothing of {@code dev.durable.runtime.internal}, and reaches the engine through the
 * factories registered as services.
 */
class ApiApartTest {
  private static final Path SOURCES = Path.of("src/main/java/dev/durable/runtime");

  @Test
  void noPublicSourceNamesTheInternalPackages() throws IOException {
    List<String> offenders;
    try (Stream<Path> files = Files.walk(SOURCES)) {
      offenders = files
          .filter(file -> file.toString().endsWith(".java"))
          .filter(file -> !SOURCES.relativize(file).startsWith("internal"))
          .filter(ApiApartTest::namesInternal)
          .map(file -> SOURCES.relativize(file).toString())
          .sorted()
          .toList();
    }
    assertEquals(List.of(), offenders,
        "public sources that name dev.durable.runtime.internal: go through a factory or spi");
  }

  @Test
  void theBuildersFindTheEngineThroughTheirServiceEntries() {
    try (DurableEngine engine = DurableEngine.builder().inMemory().discover(false).build()) {
      assertTrue(engine.getClass().getName().startsWith("dev.durable.runtime.internal."),
          engine.getClass().getName());
    }
    try (DurableWorker worker = DurableWorker.builder()
        .jdbcUrl("jdbc:h2:mem:api-apart-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1")
        .handle("step", (task, input) -> input)
        .build()) {
      assertTrue(worker.workerId().startsWith("worker-"), worker.workerId());
    }
  }

  @Test
  void aWorkflowOrStepServiceThatNoProcessorGeneratedIsRefusedSayingWhatToGive() {
    DurableEngine.Builder engine =
        DurableEngine.builder().inMemory().discover(false).register(new WorkflowDefinition() {});
    IllegalArgumentException workflow = assertThrows(IllegalArgumentException.class, engine::build);
    assertTrue(workflow.getMessage().endsWith(" is not a workflow's generated class: register an"
        + " instance of the <Name>Durable class that the annotation processor generates for a"
        + " @Workflow class (it implements dev.durable.runtime.spi.DurableWorkflow)"),
        workflow.getMessage());

    DurableWorker.Builder worker = DurableWorker.builder()
        .jdbcUrl("jdbc:h2:mem:api-apart-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1")
        .serve(new StepService() {});
    IllegalArgumentException service = assertThrows(IllegalArgumentException.class, worker::build);
    assertTrue(service.getMessage().endsWith(" is not a step contract's generated binding: serve"
        + " what the <Name>Worker.of(implementation) that the annotation processor generates"
        + " returns (it implements dev.durable.runtime.spi.StepBinding)"), service.getMessage());
  }

  private static boolean namesInternal(Path file) {
    try {
      return Files.readString(file).contains("dev.durable.runtime.internal.");
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
