package dev.durable.processor.validation;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.durable.processor.validation.Fixtures.compile;
import static dev.durable.processor.validation.Fixtures.fixture;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** The rules on {@code @Step} methods: modifiers, signatures and where they are declared. */
class StepMethodValidationTest {

  @Test
  void privateStaticAndFinalStepsCannotBeOverridden() {
    JavaFileObject source = fixture("step/StepModifiers.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "@Step method charge(String) must not be private: the generated subclass must override"
                + " it; remove the private modifier [durable:step-modifier]")
        .inFile(source)
        .onLineContaining("private String charge(String order)");
    assertThat(compilation)
        .hadErrorContaining(
            "@Step method quote(String) must not be static: the generated subclass must override"
                + " it; remove the static modifier [durable:step-modifier]")
        .inFile(source)
        .onLineContaining("static String quote(String order)");
    assertThat(compilation)
        .hadErrorContaining(
            "@Step method ship(String) must not be final: the generated subclass must override it;"
                + " remove the final modifier [durable:step-modifier]")
        .inFile(source)
        .onLineContaining("final String ship(String order)");
    assertThat(compilation).hadErrorCount(3);
  }

  @Test
  void stepWithTypeParameters() {
    JavaFileObject source = fixture("step/GenericStep.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "@Step method echo(T) must not declare type parameters (<T>): its stored input and"
                + " result need concrete types; replace them with concrete types"
                + " [durable:step-generic]")
        .inFile(source)
        .onLineContaining("T echo(T value)");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void stepContextOnlyFirstAndOnlyOnce() {
    JavaFileObject source = fixture("step/StepContextNotFirst.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "@Step method charge(String, StepContext) takes StepContext parameter 'late' in"
                + " position 2, but a StepContext may only be the first parameter; move it first or"
                + " remove it [durable:step-context-position]")
        .inFile(source)
        .onLineContaining("String order, StepContext late");
    assertThat(compilation)
        .hadErrorContaining(
            "@Step method refund(StepContext, StepContext, String) takes StepContext parameter"
                + " 'again' in position 2")
        .inFile(source)
        .onLineContaining("StepContext again");
    assertThat(compilation).hadErrorCount(2);
  }

  @Test
  void workflowContextOnAStep() {
    JavaFileObject source = fixture("step/WorkflowContextOnStep.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "@Step method charge(WorkflowContext, String) must not take a WorkflowContext"
                + " (parameter 'workflow'): steps cannot sleep, only the @Run method gets one;"
                + " sleep in @Run between steps, or take a StepContext instead"
                + " [durable:step-workflow-context]")
        .inFile(source)
        .onLineContaining("WorkflowContext workflow");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void methodThatIsBothStepAndRun() {
    JavaFileObject source = fixture("step/StepAndRun.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "method run(String) is annotated both @Step and @Run, but the workflow's entry point"
                + " cannot be one of its steps; remove one of the two annotations"
                + " [durable:step-and-run]")
        .inFile(source)
        .onLineContaining("@Step");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void stepInAClassThatIsNotAWorkflow() {
    JavaFileObject source = fixture("step/StrayStep.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "@Step method charge(String) is declared in StrayStep, which is neither a @Workflow"
                + " class nor a step-contract interface, so nothing checkpoints it; move it into a"
                + " @Workflow class, or into an interface that workers implement"
                + " [durable:step-outside-workflow]")
        .inFile(source)
        .onLineContaining("protected String charge(String order)");
    assertThat(compilation).hadErrorCount(1);
  }
}
