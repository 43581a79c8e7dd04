package dev.durable.processor.validation;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.durable.processor.validation.Fixtures.compile;
import static dev.durable.processor.validation.Fixtures.fixture;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** A class with many problems gets every one reported, each in its place, not only the first. */
class EveryProblemTest {

  @Test
  void everyProblemOfAClassIsReportedNotOnlyTheFirst() {
    JavaFileObject source = fixture("workflow/ManyProblems.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining("@Workflow class ManyProblems must not be final")
        .inFile(source)
        .onLineContaining("public final class ManyProblems");
    assertThat(compilation)
        .hadErrorContaining("workflow version 'beta 1' of ManyProblems may contain only")
        .inFile(source)
        .onLineContaining("@Workflow(version = \"beta 1\")");
    assertThat(compilation)
        .hadErrorContaining("@Workflow class ManyProblems needs exactly one @Run method (found 0)")
        .inFile(source)
        .onLineContaining("public final class ManyProblems");
    assertThat(compilation)
        .hadErrorContaining("@Step retries must be at least 1, but was 0")
        .inFile(source)
        .onLineContaining("retries = 0");
    assertThat(compilation)
        .hadErrorContaining("@Step timeoutMs must not be negative, but was -1")
        .inFile(source)
        .onLineContaining("timeoutMs = -1");
    assertThat(compilation)
        .hadErrorContaining("@Step method quote(String) must not be private")
        .inFile(source)
        .onLineContaining("private String quote(String order)");
    assertThat(compilation)
        .hadErrorContaining("step name 'quote' is used twice in workflow 'ManyProblems'")
        .inFile(source)
        .onLineContaining("name = \"quote\"");
    assertThat(compilation)
        .hadErrorContaining(
            "@Step nonRetryable lists checked exception java.io.IOException, but"
                + " requote(String, StepContext) cannot throw it")
        .inFile(source)
        .onLineContaining("nonRetryable = IOException.class");
    assertThat(compilation)
        .hadErrorContaining("step requote result cannot be stored: type java.lang.Object")
        .inFile(source)
        .onLineContaining("protected Object requote(");
    assertThat(compilation)
        .hadErrorContaining("takes StepContext parameter 'late' in position 2")
        .inFile(source)
        .onLineContaining("protected Object requote(");
    assertThat(compilation).hadErrorCount(10);
    assertThat(compilation)
        .hadWarningContaining("field 'lastOrder' of @Workflow class ManyProblems is not final")
        .inFile(source)
        .onLineContaining("private String lastOrder;");
    assertThat(compilation).hadWarningCount(1);
  }
}
