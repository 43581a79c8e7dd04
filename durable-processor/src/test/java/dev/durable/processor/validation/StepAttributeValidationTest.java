package dev.durable.processor.validation;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.durable.processor.validation.Fixtures.compile;
import static dev.durable.processor.validation.Fixtures.fixture;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** The rules on {@code @Step} attributes, each reported on the attribute's value. */
class StepAttributeValidationTest {

  @Test
  void retriesBelowOne() {
    JavaFileObject source = fixture("step/RetriesZero.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "@Step retries must be at least 1, but was 0; it counts attempts, the first included,"
                + " so 1 means no retry [durable:step-retries]")
        .inFile(source)
        .onLineContaining("retries = 0");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void negativeBackoffMs() {
    JavaFileObject source = fixture("step/NegativeBackoff.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "@Step backoffMs must not be negative, but was -1; use 0 to retry without delay"
                + " [durable:step-backoff-negative]")
        .inFile(source)
        .onLineContaining("backoffMs = -1");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void negativeBackoffMaxMs() {
    JavaFileObject source = fixture("step/NegativeBackoffMax.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "@Step backoffMaxMs must not be negative, but was -5; use 0 for no cap"
                + " [durable:step-backoff-max-negative]")
        .inFile(source)
        .onLineContaining("backoffMaxMs = -5");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void negativeTimeoutMs() {
    JavaFileObject source = fixture("step/NegativeTimeout.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "@Step timeoutMs must not be negative, but was -1; use 0 for no deadline"
                + " [durable:step-timeout-negative]")
        .inFile(source)
        .onLineContaining("timeoutMs = -1");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void negativePickupTimeoutMsIsNegativeAndOnALocalStep() {
    JavaFileObject source = fixture("step/NegativePickupTimeout.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "@Step pickupTimeoutMs must not be negative, but was -1; use 0 for no limit"
                + " [durable:step-pickup-timeout-negative]")
        .inFile(source)
        .onLineContaining("pickupTimeoutMs = -1");
    assertThat(compilation)
        .hadErrorContaining("pickupTimeoutMs applies only to remote steps, but was -1")
        .inFile(source)
        .onLineContaining("pickupTimeoutMs = -1");
    assertThat(compilation).hadErrorCount(2);
  }

  @Test
  void backoffMaxMsBelowBackoffMs() {
    JavaFileObject source = fixture("step/BackoffMaxBelowBase.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "@Step backoffMaxMs (100) must not be below backoffMs (500); raise the cap, or use 0"
                + " for no cap [durable:step-backoff-max]")
        .inFile(source)
        .onLineContaining("backoffMaxMs = 100");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void pickupTimeoutOnALocalStep() {
    JavaFileObject source = fixture("step/PickupTimeoutOnLocalStep.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "pickupTimeoutMs applies only to remote steps, but was 5000 on charge(String), a local"
                + " step of a @Workflow class; remove it, or use timeoutMs to limit each attempt"
                + " [durable:step-pickup-timeout]")
        .inFile(source)
        .onLineContaining("pickupTimeoutMs = 5_000");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void remoteRedispatchMaxOnALocalStep() {
    JavaFileObject source = fixture("step/RedispatchMaxOnLocalStep.java");
    Compilation compilation = compile(source);

    assertThat(compilation)
        .hadErrorContaining(
            "remoteRedispatchMax applies only to steps of a step contract, which workers serve, but"
                + " charge(String) is a local step of a @Workflow class; remove it"
                + " [durable:step-redispatch-local]")
        .inFile(source)
        .onLineContaining("remoteRedispatchMax = 5");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void backoffSettingsOnAStepThatIsNeverRetriedWarnOnEachValue() {
    JavaFileObject source = fixture("step/BackoffWithoutRetries.java");
    Compilation compilation = compile(source);

    assertThat(compilation).succeeded();
    assertThat(compilation)
        .hadWarningContaining(
            "@Step backoff = Backoff.FIXED has no effect: the step is never retried (retries = 1);"
                + " set retries above 1 or remove it [durable:step-backoff-unused]")
        .inFile(source)
        .onLineContaining("backoff = Backoff.FIXED");
    assertThat(compilation)
        .hadWarningContaining("@Step backoffMs = 200 has no effect: the step is never retried")
        .inFile(source)
        .onLineContaining("backoffMs = 200");
    assertThat(compilation)
        .hadWarningContaining("@Step backoffMaxMs = 1000 has no effect: the step is never retried")
        .inFile(source)
        .onLineContaining("backoffMaxMs = 1_000");
    assertThat(compilation)
        .hadWarningContaining("@Step jitter = true has no effect: the step is never retried")
        .inFile(source)
        .onLineContaining("jitter = true");
    assertThat(compilation).hadWarningCount(4);
  }

  @Test
  void jitterWithoutDelayWarnsOnJitter() {
    JavaFileObject source = fixture("step/JitterWithoutDelay.java");
    Compilation compilation = compile(source);

    assertThat(compilation).succeeded();
    assertThat(compilation)
        .hadWarningContaining(
            "@Step jitter = true has no effect with backoffMs = 0: there is no delay to jitter; set"
                + " backoffMs above 0 or remove jitter [durable:step-jitter-zero]")
        .inFile(source)
        .onLineContaining("jitter = true");
    assertThat(compilation).hadWarningCount(1);
  }
}
