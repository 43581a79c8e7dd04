package dev.durable.processor.validation;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.durable.processor.validation.Fixtures.compile;
import static dev.durable.processor.validation.Fixtures.fixture;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** The rules on {@code @Run}: exactly one per workflow, callable, concrete, context first. */
class RunValidationTest {

  @Test
  void workflowWithoutRun() {
    JavaFileObject source = fixture("run/NoRun.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "@Workflow class NoRun needs exactly one @Run method (found 0); annotate the"
                + " workflow's entry point with @Run [durable:run-missing]")
        .inFile(source)
        .onLineContaining("public class NoRun");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void workflowWithSeveralRunsIsAnErrorOnTheClassAndOnEachExtraRun() {
    JavaFileObject source = fixture("run/SeveralRuns.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "@Workflow class SeveralRuns needs exactly one @Run method (found 3); keep @Run on the"
                + " entry point only [durable:run-several]")
        .inFile(source)
        .onLineContaining("public class SeveralRuns");
    assertThat(compilation)
        .hadErrorContaining(
            "@Run method rerun(String) is a second entry point of SeveralRuns, whose first @Run"
                + " method is run(String); remove @Run from all but the entry point"
                + " [durable:run-extra]")
        .inFile(source)
        .onLineContaining("public String rerun(String order)");
    assertThat(compilation)
        .hadErrorContaining("@Run method cancel(String) is a second entry point of SeveralRuns")
        .inFile(source)
        .onLineContaining("public void cancel(String order)");
    assertThat(compilation).hadErrorCount(3);
  }

  @Test
  void privateOrStaticRun() {
    JavaFileObject source = fixture("run/RunModifiers.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "@Run method run(String) must not be private: the generated subclass calls it on the"
                + " registered instance; remove the private modifier [durable:run-modifier]")
        .inFile(source)
        .onLineContaining("private String run(String order)");
    assertThat(compilation)
        .hadErrorContaining(
            "@Run method run(String) must not be static: the generated subclass calls it on the"
                + " registered instance; remove the static modifier [durable:run-modifier]")
        .inFile(source)
        .onLineContaining("public static String run(String order)");
    assertThat(compilation).hadErrorCount(2);
  }

  @Test
  void negativeRunTimeoutIsAnErrorOnItsValue() {
    JavaFileObject source = fixture("run/NegativeRunTimeout.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "@Run timeoutMs must not be negative, but was -1; use 0 for no run timeout"
                + " [durable:run-timeout-negative]")
        .inFile(source)
        .onLineContaining("timeoutMs = -1");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void runWithTypeParameters() {
    JavaFileObject source = fixture("run/GenericRun.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "@Run method run(T) must not declare type parameters (<T, R>): the run's stored input"
                + " and result need concrete types; replace them with concrete types"
                + " [durable:run-generic]")
        .inFile(source)
        .onLineContaining("public <T, R> R run(T input)");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void workflowContextNotFirst() {
    JavaFileObject source = fixture("run/WorkflowContextNotFirst.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "@Run method run(String, WorkflowContext) takes WorkflowContext parameter 'ctx' in"
                + " position 2, but a WorkflowContext may only be the first parameter; move it"
                + " first or remove it [durable:run-context-position]")
        .inFile(source)
        .onLineContaining("public String run(String order, WorkflowContext ctx)");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void stepContextOnRun() {
    JavaFileObject source = fixture("run/StepContextOnRun.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "@Run method run(StepContext, String) must not take a StepContext (parameter"
                + " 'context'): only steps get one; take a WorkflowContext as the first parameter"
                + " instead [durable:run-step-context]")
        .inFile(source)
        .onLineContaining("StepContext context");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void runOutsideAWorkflowClass() {
    JavaFileObject source = fixture("run/StrayRun.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "@Run method run(String) is declared in StrayRun, which is not a @Workflow class, so it"
                + " never runs as a workflow; annotate StrayRun with @Workflow or move the method"
                + " into a @Workflow class [durable:run-outside-workflow]")
        .inFile(source)
        .onLineContaining("public String run(String order)");
    assertThat(compilation).hadErrorCount(1);
  }
}
