package dev.durable.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.Filer;
import javax.annotation.processing.Messager;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;
import javax.tools.FileObject;
import javax.tools.JavaFileManager;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * An unexpected exception inside the processor becomes one error on the workflow or step contract
 * it was processing, saying it is a processor bug, and is then rethrown (so the build stops and
 * the stack trace is kept). The exception is provoked by a {@link Filer} that throws an unchecked
 * exception, as no real one does.
 */
class ProcessorBugTest {
  private static final JavaFileObject WORKFLOW =
      JavaFileObjects.forSourceString(
          "com.acme.BugWorkflow",
          """
          package com.acme;

          import dev.durable.annotations.Run;
          import dev.durable.annotations.Workflow;

          @Workflow
          public class BugWorkflow {
            @Run
            public String run(String input) {
              return input;
            }
          }
          """);

  private static final JavaFileObject CONTRACT =
      JavaFileObjects.forSourceString(
          "com.acme.BugSteps",
          """
          package com.acme;

          import dev.durable.annotations.Step;

          public interface BugSteps {
            @Step
            String price(String order);
          }
          """);

  @Test
  void aBugOnAWorkflowIsOneErrorOnTheWorkflow() {
    WithBrokenFiler processor = new WithBrokenFiler();
    Compilation compilation = javac().withProcessors(processor).compile(WORKFLOW);

    assertThat(compilation)
        .hadErrorContaining(
            "the Durable processor failed on com.acme.BugWorkflow:"
                + " java.lang.IllegalStateException: the test's Filer fails; this is a bug in the"
                + " processor, please report it [durable:processor-bug]")
        .inFile(WORKFLOW)
        .onLineContaining("public class BugWorkflow");
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.rethrown).containsExactly(WithBrokenFiler.FAILURE);
  }

  @Test
  void aBugOnAStepContractIsOneErrorOnTheContract() {
    WithBrokenFiler processor = new WithBrokenFiler();
    Compilation compilation = javac().withProcessors(processor).compile(CONTRACT);

    assertThat(compilation)
        .hadErrorContaining(
            "the Durable processor failed on com.acme.BugSteps:"
                + " java.lang.IllegalStateException: the test's Filer fails; this is a bug in the"
                + " processor, please report it [durable:processor-bug]")
        .inFile(CONTRACT)
        .onLineContaining("public interface BugSteps");
    assertThat(compilation).hadErrorCount(1);
    assertThat(processor.rethrown).containsExactly(WithBrokenFiler.FAILURE);
  }

  /**
   * The processor, given a {@link Filer} that throws an unchecked exception; it keeps what the
   * processor rethrows instead of letting javac abort, so the test can read the diagnostics.
   */
  private static final class WithBrokenFiler extends AbstractProcessor {
    static final IllegalStateException FAILURE =
        new IllegalStateException("the test's Filer fails");

    private final DurableProcessor processor = new DurableProcessor();
    final List<Throwable> rethrown = new ArrayList<>();

    @Override
    public synchronized void init(ProcessingEnvironment env) {
      super.init(env);
      processor.init(new BrokenFilerEnvironment(env));
    }

    @Override
    public Set<String> getSupportedAnnotationTypes() {
      return processor.getSupportedAnnotationTypes();
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
      return processor.getSupportedSourceVersion();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
      try {
        return processor.process(annotations, round);
      } catch (IllegalStateException e) {
        rethrown.add(e);
        return false;
      }
    }
  }

  /** javac's environment, with a {@link Filer} that throws {@link WithBrokenFiler#FAILURE}. */
  private record BrokenFilerEnvironment(ProcessingEnvironment env)
      implements ProcessingEnvironment {
    @Override
    public Filer getFiler() {
      return new Filer() {
        @Override
        public JavaFileObject createSourceFile(CharSequence name, Element... originatingElements) {
          throw WithBrokenFiler.FAILURE;
        }

        @Override
        public JavaFileObject createClassFile(CharSequence name, Element... originatingElements) {
          throw WithBrokenFiler.FAILURE;
        }

        @Override
        public FileObject createResource(
            JavaFileManager.Location location,
            CharSequence moduleAndPkg,
            CharSequence relativeName,
            Element... originatingElements) {
          throw WithBrokenFiler.FAILURE;
        }

        @Override
        public FileObject getResource(
            JavaFileManager.Location location,
            CharSequence moduleAndPkg,
            CharSequence relativeName) {
          throw WithBrokenFiler.FAILURE;
        }
      };
    }

    @Override
    public Map<String, String> getOptions() {
      return env.getOptions();
    }

    @Override
    public Messager getMessager() {
      return env.getMessager();
    }

    @Override
    public Elements getElementUtils() {
      return env.getElementUtils();
    }

    @Override
    public Types getTypeUtils() {
      return env.getTypeUtils();
    }

    @Override
    public SourceVersion getSourceVersion() {
      return env.getSourceVersion();
    }

    @Override
    public Locale getLocale() {
      return env.getLocale();
    }
  }
}
