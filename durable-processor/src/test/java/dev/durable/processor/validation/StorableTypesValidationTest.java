package dev.durable.processor.validation;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.durable.processor.validation.Fixtures.compile;
import static dev.durable.processor.validation.Fixtures.fixture;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Types that cannot be stored, reported at each position the processor checks: step parameters
 * (after a leading StepContext), step results, run parameters (after a leading WorkflowContext) and
 * the run result. StorableTypesTest covers the type rules themselves.
 */
class StorableTypesValidationTest {

  @Test
  void everyStoredPositionIsChecked() {
    JavaFileObject source = fixture("types/UnstorableWorkflow.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "step read parameter 'in' cannot be stored: type java.io.InputStream is a live object"
                + " (a resource, stream, thread, task or class), not data; store the data it"
                + " carries instead, such as a byte[], a String or an id"
                + " [durable:type-live-object]")
        .inFile(source)
        .onLineContaining("InputStream in)");
    assertThat(compilation)
        .hadErrorContaining(
            "step spawn result cannot be stored: type java.lang.Thread is a live object")
        .inFile(source)
        .onLineContaining("protected Thread spawn(String name)");
    assertThat(compilation)
        .hadErrorContaining(
            "step schedule parameter 'jobs' cannot be stored: type java.lang.Thread in field"
                + " 'worker' of fixtures.validation.types.UnstorableWorkflow.Job in"
                + " java.util.List<fixtures.validation.types.UnstorableWorkflow.Job> is a live"
                + " object")
        .inFile(source)
        .onLineContaining("protected void schedule(List<Job> jobs)");
    assertThat(compilation)
        .hadErrorContaining(
            "step charge parameter 'amount' cannot be stored: type"
                + " fixtures.validation.types.UnstorableWorkflow.Money has no property Jackson can"
                + " see (a public field, a public getter such as getCents(), or a member annotated"
                + " @JsonProperty), so it cannot be written (\"No serializer found\"); add"
                + " getters, annotate its fields @JsonProperty, or make it a record"
                + " [durable:type-no-properties]")
        .inFile(source)
        .onLineContaining("protected void charge(String order, Money amount)");
    assertThat(compilation)
        .hadErrorContaining(
            "step count parameter 'items' cannot be stored: raw type java.util.List does not say"
                + " what it holds; add its type arguments [durable:type-raw]")
        .inFile(source)
        .onLineContaining("protected int count(List items)");
    assertThat(compilation)
        .hadErrorContaining(
            "run parameter 'input' cannot be stored: type java.lang.Object is too general to"
                + " decode; use a concrete type such as a record, or JsonNode for free-form JSON"
                + " [durable:type-too-general]")
        .inFile(source)
        .onLineContaining("Object input)");
    assertThat(compilation)
        .hadErrorContaining(
            "run result cannot be stored: type java.lang.Runnable is a functional interface, and"
                + " functional interfaces and lambdas cannot be stored; store the data the function"
                + " needs and call it in a step [durable:type-functional]")
        .inFile(source)
        .onLineContaining("public Runnable run(");
    assertThat(compilation).hadErrorCount(7);
  }
}
