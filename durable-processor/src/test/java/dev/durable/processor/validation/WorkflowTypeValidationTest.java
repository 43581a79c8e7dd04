package dev.durable.processor.validation;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.durable.processor.validation.Fixtures.compile;
import static dev.durable.processor.validation.Fixtures.fixture;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** The rules on the {@code @Workflow} type: a class the generated subclass can extend and call. */
class WorkflowTypeValidationTest {

  @Test
  void finalClass() {
    JavaFileObject source = fixture("workflow/FinalWorkflow.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "@Workflow class FinalWorkflow must not be final: the generated subclass extends it;"
                + " remove the final modifier [durable:workflow-final]")
        .inFile(source)
        .onLineContaining("public final class FinalWorkflow");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void extendsAnotherWorkflow() {
    JavaFileObject source = fixture("workflow/ExtendedWorkflow.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "@Workflow class ExtendedWorkflow.Special extends @Workflow class ExtendedWorkflow.Base,"
                + " whose @Step methods its generated subclass would not checkpoint; move the"
                + " shared code into a base class without @Workflow and @Step, and extend that"
                + " instead [durable:workflow-extends-workflow]")
        .inFile(source)
        .onLineContaining("public static class Special extends Middle");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void record() {
    JavaFileObject source = fixture("workflow/RecordWorkflow.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "@Workflow record RecordWorkflow cannot be a workflow: records are final and the"
                + " generated subclass must extend it; make it a class [durable:workflow-record]")
        .inFile(source)
        .onLineContaining("public record RecordWorkflow");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void interfaceEnumOrAnnotationType() {
    JavaFileObject source = fixture("workflow/WorkflowKinds.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "@Workflow must annotate a class, but WorkflowKinds.Api is an interface; declare the"
                + " workflow as a class that the generated subclass can extend"
                + " [durable:workflow-kind]")
        .inFile(source)
        .onLineContaining("interface Api");
    assertThat(compilation)
        .hadErrorContaining("@Workflow must annotate a class, but WorkflowKinds.Mode is an enum")
        .inFile(source)
        .onLineContaining("enum Mode");
    assertThat(compilation)
        .hadErrorContaining(
            "@Workflow must annotate a class, but WorkflowKinds.Marker is an annotation type")
        .inFile(source)
        .onLineContaining("@interface Marker");
    assertThat(compilation).hadErrorCount(3);
  }

  @Test
  void abstractClass() {
    JavaFileObject source = fixture("workflow/AbstractWorkflow.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "@Workflow class AbstractWorkflow must not be abstract: the generated subclass is"
                + " instantiated and cannot implement its abstract methods; make it concrete (an"
                + " abstract base class without @Workflow is fine) [durable:workflow-abstract]")
        .inFile(source)
        .onLineContaining("public abstract class AbstractWorkflow");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void innerClass() {
    JavaFileObject source = fixture("workflow/InnerWorkflow.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "@Workflow class InnerWorkflow.Inner must not be an inner class: the generated subclass"
                + " is top-level and has no enclosing instance to create it with; make it static"
                + " [durable:workflow-inner]")
        .inFile(source)
        .onLineContaining("public class Inner {");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void privateOrNestedInAPrivateClass() {
    JavaFileObject source = fixture("workflow/PrivateWorkflow.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "@Workflow class PrivateWorkflow.Hidden must not be private: the generated subclass in"
                + " the same package must extend it; make it package-private, protected or public"
                + " [durable:workflow-private]")
        .inFile(source)
        .onLineContaining("private static class Hidden");
    assertThat(compilation)
        .hadErrorContaining(
            "@Workflow class PrivateWorkflow.Secret.Exposed is nested in private class"
                + " PrivateWorkflow.Secret, so the generated subclass cannot extend it; make"
                + " PrivateWorkflow.Secret package-private or move the workflow out of it"
                + " [durable:workflow-enclosing-private]")
        .inFile(source)
        .onLineContaining("public static class Exposed");
    assertThat(compilation).hadErrorCount(2);
  }

  @Test
  void genericClass() {
    JavaFileObject source = fixture("workflow/GenericWorkflow.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "@Workflow class GenericWorkflow must not declare type parameters (<T>): one instance"
                + " serves every run and its stored input and result need concrete types; replace"
                + " them with concrete types [durable:workflow-generic]")
        .inFile(source)
        .onLineContaining("public class GenericWorkflow<T>");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void onlyPrivateConstructors() {
    JavaFileObject source = fixture("workflow/PrivateConstructors.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "@Workflow class PrivateConstructors has no constructor the generated subclass can"
                + " call: all its constructors are private; make one package-private, protected or"
                + " public [durable:workflow-constructor]")
        .inFile(source)
        .onLineContaining("public class PrivateConstructors");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void nonFinalInstanceFieldWarns() {
    JavaFileObject source = fixture("workflow/MutableField.java");
    Compilation compilation = compile(source);

    assertThat(compilation).succeeded();
    assertThat(compilation)
        .hadWarningContaining(
            "field 'counter' of @Workflow class MutableField is not final, but one instance serves"
                + " every run: per-run state in fields is shared between runs and lost on replay;"
                + " make it final or keep the state in step results"
                + " [durable:workflow-mutable-field]")
        .inFile(source)
        .onLineContaining("private int counter;");
    assertThat(compilation).hadWarningCount(1);
  }

  @Test
  void sameNameAndVersionTwice() {
    JavaFileObject source = fixture("workflow/DuplicateWorkflow.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "workflow 'checkout' version '2' is already declared by"
                + " fixtures.validation.workflow.DuplicateWorkflow.First; give one of them another"
                + " name or version [durable:workflow-duplicate]")
        .inFile(source)
        .onLineContaining("name = \"checkout\",");
    assertThat(compilation).hadErrorCount(1);
  }
}
