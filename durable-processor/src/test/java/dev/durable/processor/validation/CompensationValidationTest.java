package dev.durable.processor.validation;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.durable.processor.validation.Fixtures.compile;
import static dev.durable.processor.validation.Fixtures.fixture;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * The rules on {@code @Step(compensate = ...)}: it names a @Step of the same workflow that takes
 * the step's parameters and result and is not compensated in turn; contract steps have none.
 */
class CompensationValidationTest {

  @Test
  void compensationsWithParametersResultAndStepContextCompileAndAreGenerated() {
    Compilation compilation = compile(fixture("compensate/GoodCompensations.java"));

    assertThat(compilation).succeededWithoutWarnings();
    String durable = "fixtures.validation.compensate.GoodCompensationsDurable";
    assertThat(compilation).generatedSourceFile(durable).contentsAsUtf8String()
        .contains(".compensatedBy(\"release\")");
    assertThat(compilation).generatedSourceFile(durable).contentsAsUtf8String()
        .contains("release(null, (String) args[0], (Integer) args[1]);");
    assertThat(compilation).generatedSourceFile(durable).contentsAsUtf8String()
        .contains("refund((String) args[0], (List<Long>) args[1], (String) result);");
  }

  @Test
  void eachBrokenRuleIsAnErrorOnTheCompensatedStep() {
    JavaFileObject source = fixture("compensate/BadCompensations.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining("@Step method misspelt(String) names compensate = \"refnd\", but"
            + " BadCompensations has no method of that name; name the @Step method of the same"
            + " workflow that undoes it [durable:compensate-missing]")
        .inFile(source)
        .onLineContaining("@Step(compensate = \"refnd\")");
    assertThat(compilation)
        .hadErrorContaining("@Step method plain(String) is compensated by notAStep(String,"
            + " String), which is not a @Step: a compensation runs as a checkpointed step with"
            + " retries of its own; annotate it with @Step [durable:compensate-not-step]")
        .inFile(source)
        .onLineContaining("@Step(compensate = \"notAStep\")");
    assertThat(compilation)
        .hadErrorContaining("@Step method wrongParameters(String) is compensated by"
            + " undoWrongly(String), which must take the step's parameters followed by its"
            + " result, (java.lang.String, java.lang.String) (after an optional StepContext), but"
            + " takes (java.lang.String); change its parameters to match"
            + " [durable:compensate-signature]")
        .inFile(source)
        .onLineContaining("@Step(compensate = \"undoWrongly\")");
    assertThat(compilation)
        .hadErrorContaining("@Step method chained(String) is compensated by undoAndRedo(String,"
            + " String), which names a compensate of its own; a compensation is not undone in"
            + " turn: remove compensate from undoAndRedo(String, String)"
            + " [durable:compensate-chained]")
        .inFile(source)
        .onLineContaining("@Step(compensate = \"undoAndRedo\")");
    // undoAndRedo's own compensate names chained(String), which takes no result: a signature error
    assertThat(compilation)
        .hadErrorContaining("[durable:compensate-signature]")
        .inFile(source)
        .onLineContaining("@Step(compensate = \"chained\")");
    assertThat(compilation).hadErrorCount(5);
  }

  @Test
  void aContractStepHasNoCompensation() {
    JavaFileObject source = fixture("contract/CompensatedContract.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining("compensate applies only to the steps of a @Workflow class, but"
            + " charge(String) is a step of a step contract; give the workflow a @Step that calls"
            + " the undoing contract step, and remove compensate here"
            + " [durable:contract-compensate]")
        .inFile(source)
        .onLineContaining("@Step(compensate = \"refund\")");
    assertThat(compilation).hadErrorCount(1);
  }
}
