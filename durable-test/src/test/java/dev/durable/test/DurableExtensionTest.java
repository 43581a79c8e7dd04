package dev.durable.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.RunHandle;
import dev.durable.test.workflows.PaymentWorkflowClient;
import dev.durable.test.workflows.PaymentWorkflowDurable;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** One env per test, shared by the constructor and the lifecycle methods, closed after it. */
@DurableTest
class DurableExtensionTest {
  private final DurableTestEnv fromConstructor;
  private DurableTestEnv fromBeforeEach;

  DurableExtensionTest(DurableTestEnv env) {
    this.fromConstructor = env;
  }

  @BeforeEach
  void keep(DurableTestEnv env) {
    fromBeforeEach = env;
  }

  @Test
  void theConstructorTheLifecycleMethodsAndTheTestShareOneEnv(DurableTestEnv env) {
    assertSame(env, fromConstructor);
    assertSame(env, fromBeforeEach);
  }

  @Test
  void eachTestStartsOnAnEmptyDatabaseWithTheClockAtTheStart(DurableTestEnv env) {
    env.register(new PaymentWorkflowDurable());
    assertEquals(DurableTestEnv.START, env.clock().instant());
    assertEquals(0, env.engine().listRuns(dev.durable.runtime.RunFilter.builder().build()).size());
    // the same run id in every test: a database shared between tests would refuse... or return
    // the run another test left
    RunHandle<String> run = PaymentWorkflowClient.of(env.engine()).start("same-id", "A1");
    env.runUntilIdle();
    assertEquals("R-A1, ch_A1", run.await(Duration.ofSeconds(1)));
  }

  @Test
  void anotherTestOnTheSameRunIdSeesNothingOfTheFirst(DurableTestEnv env) {
    eachTestStartsOnAnEmptyDatabaseWithTheClockAtTheStart(env);
  }

  @AfterEach
  void theEnvIsStillOpenInAfterEach(DurableTestEnv env) {
    assertSame(fromConstructor, env);
    env.engine();
  }

  @Test
  void aClosedEnvRefusesToBeUsedAgain() {
    DurableTestEnv env = DurableTestEnv.create().register(new PaymentWorkflowDurable());
    env.runUntilIdle();
    env.close();
    env.close();

    IllegalStateException refused = assertThrows(IllegalStateException.class, env::engine);
    assertEquals("this test env is closed: each test gets a fresh one", refused.getMessage());
  }

  @Test
  void workflowsAreRegisteredBeforeTheEngineIsBuilt(DurableTestEnv env) {
    env.engine();
    IllegalStateException refused = assertThrows(IllegalStateException.class,
        () -> env.register(new PaymentWorkflowDurable()));
    assertTrue(refused.getMessage().startsWith(
        "cannot register a workflow once the engine is built: do it before the first call of"),
        refused.getMessage());
  }
}
