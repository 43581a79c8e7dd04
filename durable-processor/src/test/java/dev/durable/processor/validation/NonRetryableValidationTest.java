package dev.durable.processor.validation;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.durable.processor.validation.Fixtures.compile;
import static dev.durable.processor.validation.Fixtures.fixture;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

class NonRetryableValidationTest {

  @Test
  void checkedExceptionTheStepCannotThrowIsAnErrorOnThatClass() {
    JavaFileObject source = fixture("step/NonRetryableNotThrown.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "@Step nonRetryable lists checked exception java.util.concurrent.TimeoutException, but"
                + " download(String) cannot throw it; declare it in the method's throws clause or"
                + " remove it from nonRetryable [durable:step-non-retryable]")
        .inFile(source)
        .onLineContaining("TimeoutException.class");
    assertThat(compilation)
        .hadErrorContaining(
            "@Step nonRetryable lists checked exception java.lang.InterruptedException, but"
                + " poll(String) cannot throw it")
        .inFile(source)
        .onLineContaining("nonRetryable = InterruptedException.class");
    assertThat(compilation).hadErrorCount(2);
  }
}
