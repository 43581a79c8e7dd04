package dev.durable.processor.validation;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.durable.processor.validation.Fixtures.compile;
import static dev.durable.processor.validation.Fixtures.fixture;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** The rules on {@code @OnError} routes: callable, a code of their own, @Run's inputs and result. */
class RouteValidationTest {

  @Test
  void routesWithContextInputsAndErrorCompileAndAreGenerated() {
    Compilation compilation = compile(fixture("route/GoodRoutes.java"));

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation)
        .generatedSourceFile("fixtures.validation.route.GoodRoutesDurable")
        .contentsAsUtf8String()
        .contains("return declined(context, (String) input[0], (int) input[1], error);");
    assertThat(compilation)
        .generatedSourceFile("fixtures.validation.route.GoodRoutesDurable")
        .contentsAsUtf8String()
        .contains("return Set.of(\"declined\", \"step_failed\");");
  }

  @Test
  void eachBrokenRuleIsAnErrorOnItsRoute() {
    JavaFileObject source = fixture("route/BadRoutes.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining("@OnError method hidden(String) must not be private: the generated"
            + " subclass calls it when the run fails; remove the private modifier"
            + " [durable:on-error-modifier]")
        .inFile(source)
        .onLineContaining("private String hidden(String order)");
    assertThat(compilation)
        .hadErrorContaining("@OnError method nameless(String) has an empty code; name the error"
            + " code it takes, such as @OnError(code = \"declined\") [durable:on-error-code]")
        .inFile(source)
        .onLineContaining("@OnError(code = \"\")");
    assertThat(compilation)
        .hadErrorContaining("error code 'declined' is routed twice, by hidden(String) and by"
            + " twice(String, RunError); a failure takes one route: remove one, or give it another"
            + " code [durable:on-error-code-duplicate]")
        .inFile(source)
        .onLine(32);
    assertThat(compilation)
        .hadErrorContaining("@OnError method wrongInput(WorkflowContext, int) must take an"
            + " optional WorkflowContext, then the stored inputs of @Run method"
            + " run(WorkflowContext, String) in order, then an optional RunError; change its"
            + " parameters to match [durable:on-error-parameters]")
        .inFile(source)
        .onLineContaining("protected String wrongInput(");
    assertThat(compilation)
        .hadErrorContaining("@OnError method wrongResult(String) returns int, but its result"
            + " completes the run, whose @Run method run(WorkflowContext, String) returns"
            + " java.lang.String;"
            + " return that type [durable:on-error-result]")
        .inFile(source)
        .onLineContaining("protected int wrongResult(");
    assertThat(compilation).hadErrorCount(5);
  }

  @Test
  void eachBrokenCleanUpRuleIsAnErrorOnItsMethod() {
    JavaFileObject source = fixture("route/BadCleanups.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining("@OnFailure method first(String, RunError) must not be private: the"
            + " generated subclass calls it when the run has failed; remove the private modifier"
            + " [durable:on-failure-modifier]")
        .inFile(source)
        .onLineContaining("private void first(");
    assertThat(compilation)
        .hadErrorContaining("@OnFailure method second(int) is a second clean-up of its workflow,"
            + " whose first is first(String, RunError); a failed run is cleaned up once: keep one"
            + " @OnFailure method [durable:on-failure-several]")
        .inFile(source)
        .onLineContaining("protected String second(");
    assertThat(compilation)
        .hadErrorContaining("@OnFailure method second(int) returns java.lang.String, but a"
            + " clean-up's result is not used: the run fails with its original error; make it"
            + " void [durable:on-failure-result]")
        .inFile(source)
        .onLineContaining("protected String second(");
    assertThat(compilation)
        .hadErrorContaining("@OnFailure method second(int) must take an optional WorkflowContext,"
            + " then the stored inputs of @Run method run(String) in order, then an optional"
            + " RunError; change its parameters to match [durable:on-failure-parameters]")
        .inFile(source)
        .onLineContaining("protected String second(");
    assertThat(compilation).hadErrorCount(4);
  }
}
