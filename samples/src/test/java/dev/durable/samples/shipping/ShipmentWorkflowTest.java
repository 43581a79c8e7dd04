package dev.durable.samples.shipping;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.durable.runtime.RunFailedException;
import dev.durable.runtime.RunHandle;
import dev.durable.test.DurableTest;
import dev.durable.test.DurableTestEnv;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The shipment workflow with its quote dispatched to an in-process worker of the test kit, on the
 * same in-memory database: the rates team's {@link RateService} is served as in production.
 */
@DurableTest
class ShipmentWorkflowTest {
  private static final Duration WAIT = Duration.ofSeconds(5);

  private final RateService rates = new RateService(1); // reloading for its first call
  private ShipmentWorkflowClient shipments;

  @BeforeEach
  void registerAndServe(DurableTestEnv env) {
    env.register(new ShipmentWorkflowDurable(new RateStepsDispatch()));
    env.worker(worker -> worker.serve(RateStepsWorker.of(rates)));
    shipments = ShipmentWorkflowClient.of(env.engine());
  }

  @Test
  void theQuoteIsRetriedOnTheWorkerAndTheLabelPrintedHere(DurableTestEnv env) {
    RunHandle<String> run = shipments.start(new Parcel("P1", 2_400, "FR"));

    env.runUntilIdle();

    assertEquals("label P1 to FR, postage 10.80", run.await(WAIT));
    assertEquals(2, rates.calls(), "the reloading rate table failed the first attempt");
    assertEquals(DurableTestEnv.START.plusMillis(500), env.clock().instant(),
        "the fixed 500 ms backoff passed by moving the clock");
    env.history(run.id()).containsInOrder("step.retrying rates.quote",
        "step.completed rates.quote", "step.completed printLabel", "run.completed");
  }

  @Test
  void aCountryWithoutRatesFailsTheRunWithoutRetrying(DurableTestEnv env) {
    RunHandle<String> run = shipments.start(new Parcel("P2", 500, "AQ"));

    env.runUntilIdle();

    RunFailedException failure = assertThrows(RunFailedException.class, () -> run.await(WAIT));
    assertEquals("no rates to AQ", failure.getMessage());
    assertEquals(IllegalArgumentException.class.getName(), failure.error().type());
    // the first call failed as reloading, was retried, and the second is final: nonRetryable
    assertEquals(2, rates.calls());
    env.history(run.id()).containsInOrder("step.failed rates.quote", "run.failed")
        .doesNotContain("step.started printLabel");
  }
}
