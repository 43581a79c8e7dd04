package dev.durable.processor.validation;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.durable.processor.validation.Fixtures.compile;
import static dev.durable.processor.validation.Fixtures.fixture;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** The rules on step contracts: interfaces whose {@code @Step} methods run on workers. */
class ContractValidationTest {

  @Test
  void aContractWithLocalAndLivenessStepsAndAHelperCompilesCleanly() {
    Compilation compilation = compile(fixture("contract/PricingSteps.java"));

    assertThat(compilation).succeededWithoutWarnings();
  }

  @Test
  void everyAbstractMethodOfAContractIsAStep() {
    JavaFileObject source = fixture("contract/UnmarkedMethod.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "method charge(String) of step contract UnmarkedMethod has no @Step, but every abstract"
                + " method of a step contract is a step that workers serve; annotate it with @Step,"
                + " or give it a default body [durable:contract-method-step]")
        .inFile(source)
        .onLineContaining("String charge(String order);");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void aContractStepHasNoBody() {
    JavaFileObject source = fixture("contract/StepWithBody.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "@Step method charge(String) of step contract StepWithBody is default, but a"
                + " contract's steps run on workers and have no body in the contract; make it an"
                + " abstract method and implement it in the worker [durable:contract-step-body]")
        .inFile(source)
        .onLineContaining("default String charge(String order)");
    assertThat(compilation)
        .hadErrorContaining(
            "@Step method refund(String) of step contract StepWithBody is static")
        .inFile(source)
        .onLineContaining("static String refund(String order)");
    assertThat(compilation).hadErrorCount(2);
  }

  @Test
  void aContractIsAccessibleConcreteAndSelfContained() {
    JavaFileObject source = fixture("contract/ContractShape.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "step contract ContractShape.Hidden must not be private: the generated stub in its"
                + " package implements it; make it package-private or public"
                + " [durable:contract-private]")
        .inFile(source)
        .onLineContaining("private interface Hidden");
    assertThat(compilation)
        .hadErrorContaining(
            "step contract ContractShape.Generic must not declare type parameters (<T>): its"
                + " steps' stored inputs and results need concrete types; replace them with"
                + " concrete types [durable:contract-generic]")
        .inFile(source)
        .onLineContaining("interface Generic<T>");
    assertThat(compilation)
        .hadErrorContaining(
            "step contract ContractShape.Extending extends"
                + " fixtures.validation.contract.ContractShape.Base, whose methods would not be"
                + " dispatched; declare all of the contract's steps in the one interface"
                + " [durable:contract-extends]")
        .inFile(source)
        .onLineContaining("interface Extending extends Base");
    assertThat(compilation).hadErrorCount(3);
  }

  @Test
  void contractStepsFollowTheStepRulesWithTheirOwnForPickupTimeoutAndContext() {
    JavaFileObject source = fixture("contract/ContractAttributes.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "pickupTimeoutMs (30000) on queuedOnly(String) limits the queue wait of a step with a"
                + " liveness window, but the step has no timeoutMs; set timeoutMs too, or remove"
                + " pickupTimeoutMs [durable:contract-pickup-timeout]")
        .inFile(source)
        .onLineContaining("@Step(pickupTimeoutMs = 30_000)");
    assertThat(compilation)
        .hadErrorContaining("[durable:step-retries]")
        .inFile(source)
        .onLineContaining("@Step(retries = 0)");
    assertThat(compilation)
        .hadErrorContaining(
            "@Step method withContext(StepContext, String) of step contract ContractAttributes"
                + " takes StepContext parameter 'context', but a contract step's context belongs to"
                + " the worker, not to its callers; remove the parameter"
                + " [durable:contract-step-context]")
        .inFile(source)
        .onLineContaining("StepContext context, String order");
    assertThat(compilation)
        .hadErrorContaining(
            "step streaming parameter 'body' cannot be stored: type java.io.InputStream")
        .inFile(source)
        .onLineContaining("InputStream body");
    assertThat(compilation).hadErrorCount(4);
  }

  @Test
  void aQueueIsForLocalStepsAndNeedsAPlainName() {
    JavaFileObject source = fixture("contract/QueueAttributes.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "queue applies only to local steps, which engines run, but book(String) is a step of a"
                + " step contract, which workers run; bound it with the workers' concurrency"
                + " instead, and remove it [durable:contract-queue]")
        .inFile(source)
        .onLineContaining("@Step(queue = \"carrier-api\")");
    assertThat(compilation)
        .hadErrorContaining(
            "@Step queue 'carrier api' is not a queue name: use 1 to 100 letters, digits, '.', '_'"
                + " or '-' [durable:step-queue-name]")
        .inFile(source)
        .onLineContaining("@Step(queue = \"carrier api\")");
    assertThat(compilation).hadErrorCount(2);
  }

  @Test
  void theLostTaskLeaseIsForContractStepsAndNeedsSensibleValues() {
    JavaFileObject source = fixture("contract/RedispatchAttributes.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "@Step remoteRedispatchMs must not be negative, but was -1; use 0 to wait for a"
                + " worker's answer for ever [durable:contract-redispatch-negative]")
        .inFile(source)
        .onLineContaining("@Step(remoteRedispatchMs = -1)");
    assertThat(compilation)
        .hadErrorContaining(
            "@Step remoteRedispatchMax must be at least 1, but was 0; it counts the deliveries of"
                + " a lost task after the first [durable:contract-redispatch-max]")
        .inFile(source)
        .onLineContaining("remoteRedispatchMax = 0");
    assertThat(compilation)
        .hadErrorContaining(
            "remoteRedispatchMs applies only to steps of a step contract, which workers serve, but"
                + " charge(String) is a local step of a @Workflow class; remove it"
                + " [durable:step-redispatch-local]")
        .inFile(source)
        .onLineContaining("@Step(remoteRedispatchMs = 5_000)");
    assertThat(compilation).hadErrorCount(3);
  }

  @Test
  void remoteRedispatchMaxNeedsALostTaskLease() {
    JavaFileObject source = fixture("contract/RedispatchMaxWithoutLease.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "remoteRedispatchMax (3) on quote(String) bounds how often a lost task is delivered"
                + " again, but the step has no remoteRedispatchMs, so no task of it is ever given"
                + " up as lost; set remoteRedispatchMs too, or remove remoteRedispatchMax"
                + " [durable:contract-redispatch-max-without-lease]")
        .inFile(source)
        .onLineContaining("@Step(remoteRedispatchMax = 3)");
    // a liveness window is no lease either; the missing lease is the error, not the value 0
    assertThat(compilation)
        .hadErrorContaining(
            "remoteRedispatchMax (0) on book(String) bounds how often a lost task is delivered"
                + " again, but the step has no remoteRedispatchMs")
        .inFile(source)
        .onLineContaining("timeoutMs = 1_000, remoteRedispatchMax = 0");
    assertThat(compilation).hadErrorCount(2);
  }

  @Test
  void aContractNestedInAPrivateClass() {
    JavaFileObject source = fixture("contract/ContractInPrivateClass.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "step contract ContractInPrivateClass.Hidden.Steps is nested in private class"
                + " ContractInPrivateClass.Hidden, so the generated stub in its package cannot"
                + " implement it; make ContractInPrivateClass.Hidden package-private or move the"
                + " contract out of it [durable:contract-enclosing-private]")
        .inFile(source)
        .onLineContaining("interface Steps {");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void backoffSettingsOnAStepWithALivenessWindowWarnOnEachValue() {
    JavaFileObject source = fixture("contract/LivenessBackoff.java");
    Compilation compilation = compile(source);

    assertThat(compilation).succeeded();
    assertThat(compilation)
        .hadWarningContaining(
            "@Step backoff = Backoff.FIXED has no effect on book(String), a contract step with a"
                + " liveness window (timeoutMs = 1000): a window that runs out dispatches the step"
                + " again at once, and an error its worker reports is not retried; remove it, or"
                + " remove timeoutMs to retry reported errors after a backoff"
                + " [durable:contract-backoff-unused]")
        .inFile(source)
        .onLineContaining("backoff = Backoff.FIXED,");
    assertThat(compilation)
        .hadWarningContaining("@Step backoffMaxMs = 10000 has no effect on book(String)")
        .inFile(source)
        .onLineContaining("backoffMaxMs = 10_000");
    // never retried too, but the window is the reason given, once per value
    assertThat(compilation)
        .hadWarningContaining(
            "@Step backoffMs = 0 has no effect on track(String), a contract step with a liveness"
                + " window (timeoutMs = 2000)")
        .inFile(source)
        .onLineContaining("backoffMs = 0");
    assertThat(compilation)
        .hadWarningContaining("@Step jitter = true has no effect on track(String)")
        .inFile(source)
        .onLineContaining("jitter = true)");
    assertThat(compilation).hadWarningCount(4);
  }

  @Test
  void contractStepNamesAreUniqueAcrossContracts() {
    JavaFileObject first = fixture("contract/FirstContract.java");
    JavaFileObject second = fixture("contract/SecondContract.java");
    Compilation compilation = compile(first, second);

    assertThat(compilation)
        .hadErrorContaining(
            "step name 'quote' is used by FirstContract.quote(String) and by"
                + " FirstContract.quoteAgain(String), but workers serve contract steps by name;"
                + " give one of them another @Step(name = ...)"
                + " [durable:contract-step-name-duplicate]")
        .inFile(first)
        .onLineContaining("@Step(name = \"quote\")");
    assertThat(compilation)
        .hadErrorContaining(
            "step name 'quote' is used by FirstContract.quote(String) and by"
                + " SecondContract.price(String)")
        .inFile(second)
        .onLineContaining("@Step(name = \"quote\")");
    assertThat(compilation).hadErrorCount(2);
  }
}
