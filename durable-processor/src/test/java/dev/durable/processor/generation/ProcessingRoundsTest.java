package dev.durable.processor.generation;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.durable.processor.DurableProcessor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
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
  }

  /** Generates {@code com.acme.Later} in the first round, as another processor might. */
  private static final class GeneratesLater extends AbstractProcessor {
    private boolean generated;

    @Override
    public Set<String> getSupportedAnnotationTypes() {
      return Set.of("dev.durable.annotations.Workflow");
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
            processingEnv.getFiler().createSourceFile("com.acme.Later").openWriter()) {
          writer.write("package com.acme;\n\npublic record Later(String value) {}\n");
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
      return false;
    }
  }
}
