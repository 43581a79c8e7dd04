package dev.durable.processor.generation;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.durable.processor.DurableProcessor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.TypeElement;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** How the processor waits for types that other processors generate in later rounds. */
class ProcessingRoundsTest {
  private static final JavaFileObject LATER_WORKFLOW =
      JavaFileObjects.forSourceString(
          "com.acme.LaterWorkflow",
          """
          package com.acme;

          import dev.durable.annotations.Run;
          import dev.durable.annotations.Step;
          import dev.durable.annotations.Workflow;
          import java.util.List;
          import other.Later;

          @Workflow
          public class LaterWorkflow {
            @Run
            public Later run(List<Later> input) {
              return step(input.get(0));
            }

            @Step
            Later step(Later later) {
              return later;
            }
          }
          """);

  private static final JavaFileObject LATER_STEPS =
      JavaFileObjects.forSourceString(
          "com.acme.LaterSteps",
          """
          package com.acme;

          import dev.durable.annotations.Step;
          import java.util.List;
          import other.Later;

          public interface LaterSteps {
            @Step
            Later price(List<Later> later);
          }
          """);

  @Test
  void aWorkflowWaitsForTypesThatAnotherProcessorGenerates() {
    Compilation compilation =
        javac()
            .withProcessors(new DurableProcessor(), new GeneratesLater())
            .compile(LATER_WORKFLOW);

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("com.acme.LaterWorkflowDurable");
    assertThat(compilation).generatedSourceFile("com.acme.LaterWorkflowClient");
    assertThat(compilation).generatedSourceFile("com.acme.LaterWorkflowCodecs");
  }

  @Test
  void aWorkflowWhoseTypesNeverAppearIsReported() {
    Compilation compilation =
        javac().withProcessors(new DurableProcessor()).compile(LATER_WORKFLOW);

    assertThat(compilation).failed();
    assertThat(compilation)
        .hadErrorContaining(
            "@Workflow com.acme.LaterWorkflow refers to types that do not exist, even after every"
                + " processor ran")
        .inFile(LATER_WORKFLOW)
        .onLineContaining("public class LaterWorkflow");
    assertThat(durableErrors(compilation)).hasSize(1); // the rest are javac's "cannot find symbol"
  }

  @Test
  void aStepContractWaitsForTypesThatAnotherProcessorGenerates() {
    Compilation compilation =
        javac().withProcessors(new DurableProcessor(), new GeneratesLater()).compile(LATER_STEPS);

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("com.acme.LaterStepsDispatch");
    assertThat(compilation).generatedSourceFile("com.acme.LaterStepsCodecs");
    assertThat(compilation).generatedSourceFile("com.acme.LaterStepsWorker");
  }

  @Test
  void aStepContractWhoseTypesNeverAppearIsReported() {
    Compilation compilation = javac().withProcessors(new DurableProcessor()).compile(LATER_STEPS);

    assertThat(compilation).failed();
    assertThat(compilation)
        .hadErrorContaining(
            "step contract com.acme.LaterSteps refers to types that do not exist, even after every"
                + " processor ran; fix the missing imports or types [durable:unresolved-types]")
        .inFile(LATER_STEPS)
        .onLineContaining("public interface LaterSteps");
    assertThat(durableErrors(compilation)).hasSize(1); // the rest are javac's "cannot find symbol"
  }

  /** The errors the processor reported, with its tags, leaving out javac's own. */
  private static List<String> durableErrors(Compilation compilation) {
    return compilation.errors().stream()
        .map(d -> d.getMessage(Locale.ROOT))
        .filter(m -> m.contains("[durable:"))
        .toList();
  }

  /**
   * Generates {@code other.Later} in the first round, as another processor might: in another
   * package, so code generated before it exists would not compile.
   */
  private static final class GeneratesLater extends AbstractProcessor {
    private boolean generated;

    @Override
    public Set<String> getSupportedAnnotationTypes() {
      return Set.of("dev.durable.annotations.Workflow", "dev.durable.annotations.Step");
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
      return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
      if (!generated) {
        generated = true;
        try (Writer writer =
            processingEnv.getFiler().createSourceFile("other.Later").openWriter()) {
          writer.write("package other;\n\npublic record Later(String value) {}\n");
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
      return false;
    }
  }
}
