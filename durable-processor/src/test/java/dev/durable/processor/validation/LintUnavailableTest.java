package dev.durable.processor.validation;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static dev.durable.processor.validation.Fixtures.fixture;

import com.google.testing.compile.Compilation;
import dev.durable.processor.DurableProcessor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.TypeElement;
import org.junit.jupiter.api.Test;

/**
 * A compiler without javac's tree API (Eclipse's, or javac behind a wrapped environment, as some
 * build tools run it): the processor skips the determinism lint with a note and still generates.
 */
class LintUnavailableTest {

  @Test
  void withoutTheTreeApiTheLintIsSkippedWithANoteAndCodeIsStillGenerated() {
    Compilation compilation =
        javac().withProcessors(new WithoutTreeApi()).compile(fixture("lint/WallClock.java"));

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation)
        .hadNoteContaining("the determinism lint of @Run methods needs javac's tree API"
            + " (com.sun.source), which this compiler does not offer (");
    assertThat(compilation)
        .hadNoteContaining("@Run methods are not checked for the wall clock, randomness,"
            + " Thread.sleep and steps called on other objects [durable:lint-unavailable]");
    assertThat(compilation).generatedSourceFile("fixtures.validation.lint.WallClockDurable");
  }

  /** The processor, given an environment that is not javac's own class, as Trees requires. */
  private static final class WithoutTreeApi extends AbstractProcessor {
    private final DurableProcessor delegate = new DurableProcessor();

    @Override
    public synchronized void init(ProcessingEnvironment env) {
      super.init(env);
      delegate.init((ProcessingEnvironment) Proxy.newProxyInstance(
          ProcessingEnvironment.class.getClassLoader(),
          new Class<?>[] {ProcessingEnvironment.class},
          (proxy, method, args) -> {
            try {
              return method.invoke(env, args);
            } catch (InvocationTargetException e) {
              throw e.getCause();
            }
          }));
    }

    @Override
    public Set<String> getSupportedAnnotationTypes() {
      return delegate.getSupportedAnnotationTypes();
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
      return delegate.getSupportedSourceVersion();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
      return delegate.process(annotations, round);
    }
  }
}
