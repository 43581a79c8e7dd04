package dev.durable.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunState;
import dev.durable.runtime.TaskState;
import dev.durable.test.workflows.QuoteSteps;
import dev.durable.test.workflows.QuoteStepsWorker;
import dev.durable.test.workflows.QuoteWorkflowClient;
import dev.durable.test.workflows.QuoteWorkflowDurable;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

/** Dispatched steps served by in-process workers on the env's database. */
@DurableTest
class WorkersTest {
  private static final Duration WAIT = Duration.ofSeconds(1);

  /** The rates team's implementation, counting its calls. */
  private final AtomicInteger calls = new AtomicInteger();
  private final QuoteSteps prices = sku -> {
    calls.incrementAndGet();
    return sku.length() * 100L;
  };

  @BeforeEach
  void register(DurableTestEnv env) {
    env.register(new QuoteWorkflowDurable());
  }

  @Test
  void aDispatchedStepServedByAWorkerCompletesItsRunInOneRunUntilIdle(DurableTestEnv env) {
    env.worker(worker -> worker.serve(QuoteStepsWorker.of(prices)));
    RunHandle<String> run = QuoteWorkflowClient.of(env.engine()).start("socks");

    env.runUntilIdle();

    assertEquals("socks costs 500 cents", run.await(WAIT));
    assertEquals(1, calls.get());
    env.history(run.id()).containsInOrder(
        "step.started quotes.price", "run.sleeping", "step.completed quotes.price",
        "run.completed");
  }

  @Test
  void withoutAWorkerTheRunWaitsForItsTask(DurableTestEnv env) {
    RunHandle<String> run = QuoteWorkflowClient.of(env.engine()).start("socks");

    env.runUntilIdle();

    assertEquals(RunState.SLEEPING, run.status().run().status());
    assertEquals(TaskState.QUEUED, env.engine().tasks(run.id()).get(0).status());

    env.worker(worker -> worker.serve(QuoteStepsWorker.of(prices)));
    env.runUntilIdle();
    assertEquals("socks costs 500 cents", run.await(WAIT));
  }

  @Test
  void anInjectedFailureOnAWorkerConsumesOneAttemptAndTheStepIsRetriedAfterItsBackoff(
      DurableTestEnv env) {
    env.worker(worker -> worker.serve(QuoteStepsWorker.of(prices)));
    env.failNextAttempt("quotes.price", new IllegalStateException("rate table reloading"));
    RunHandle<String> run = QuoteWorkflowClient.of(env.engine()).start("hat");

    env.runUntilIdle();

    assertEquals("hat costs 300 cents", run.await(WAIT));
    assertEquals(1, calls.get(), "the injected error took the place of the first attempt");
    assertEquals(2, run.status().steps().get(0).attempts());
    assertEquals(DurableTestEnv.START.plus(Duration.ofHours(1)), env.clock().instant(),
        "the 1 h backoff passed by moving the clock");
    assertTrue(env.history(run.id()).first("step.retrying quotes.price").detail()
        .startsWith("rate table reloading"));
  }

  @Test
  void anInjectedFailureReachesAnUntypedHandlerToo(DurableTestEnv env) {
    env.worker(worker -> worker.handle("quotes.price", (task, input) -> {
      calls.incrementAndGet();
      return "700";
    }));
    env.failNextAttempt("quotes.price", new IllegalStateException("rate table reloading"));
    RunHandle<String> run = QuoteWorkflowClient.of(env.engine()).start("scarf");

    env.runUntilIdle();

    assertEquals("scarf costs 700 cents", run.await(WAIT));
    assertEquals(1, calls.get());
    assertEquals(2, run.status().steps().get(0).attempts());
  }

  @Test
  void aRunThatNeverWaitsFailsRunUntilIdleWithTheRunsNamed(DurableTestEnv env) {
    env.worker(worker -> worker.serve(QuoteStepsWorker.of(prices)));
    env.maxRounds(5);
    RunHandle<String> run = QuoteWorkflowClient.of(env.engine()).start("loop");

    AssertionFailedError busy = assertThrows(AssertionFailedError.class, env::runUntilIdle);

    String message = busy.getMessage();
    assertTrue(message.startsWith("runUntilIdle() found work still due after 5 rounds"),
        message);
    assertTrue(message.contains(run.id() + " (quote, "), message);
    assertTrue(message.contains("env.maxRounds(n)"), message);
    assertEquals(5, calls.get(), "one task a round");
  }
}
