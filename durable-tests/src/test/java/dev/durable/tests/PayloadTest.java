package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.InvalidInputException;
import dev.durable.runtime.RunFailedException;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.UnknownRunException;
import dev.durable.tests.workflows.Order;
import dev.durable.tests.workflows.OrderWorkflowClient;
import dev.durable.tests.workflows.OrderWorkflowDurable;
import dev.durable.tests.workflows.PayloadWorkflow;
import dev.durable.tests.workflows.PayloadWorkflowClient;
import dev.durable.tests.workflows.PayloadWorkflowDurable;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What is stored: the payload limit, checked where a value enters; strings that are not valid
 * Unicode; and stored values that no longer match the type that reads them.
 */
class PayloadTest extends OnEachStore {
  private static final int MIB = 1024 * 1024;

  private DurableEngine engine() {
    return engine(db.engine());
  }

  private DurableEngine engine(DurableEngine.Builder builder) {
    return builder
        .clock(clock)
        .register(new PayloadWorkflowDurable(script))
        .register(new OrderWorkflowDurable(script))
        .build();
  }

  /** Runs a payloads run to its end: its steps, then the rest after the pause. */
  private String finish(DurableEngine engine, RunHandle<String> run) {
    engine.tick();
    clock.advance(PayloadWorkflow.PAUSE);
    engine.tick();
    return run.await(WAIT);
  }

  @Test
  void anInputOverThePayloadLimitIsRefusedAtStartSayingWhatToDo() {
    try (DurableEngine engine = engine()) {
      InvalidInputException refused = assertThrows(InvalidInputException.class,
          () -> PayloadWorkflowClient.of(engine).start("big", "x".repeat(2_000_000), 1, 0));
      assertTrue(refused.getMessage().contains(
          ": 2000008 bytes of JSON, over the payload limit of 1048576 bytes"),
          refused.getMessage());
      assertTrue(refused.getMessage().contains("pass a reference to the data"),
          refused.getMessage());
      assertTrue(refused.getMessage().contains("maxPayloadBytes"), refused.getMessage());
      assertThrows(UnknownRunException.class, () -> engine.getRunStatus("big"),
          "nothing was stored");
    }
  }

  @Test
  void aRaisedLimitLetsLargerInputsAndResultsThrough() {
    try (DurableEngine engine = engine(db.engine().maxPayloadBytes(4 * MIB))) {
      RunHandle<String> run =
          PayloadWorkflowClient.of(engine).start("x".repeat(2_000_000), 1, 2_000_000);
      assertEquals("2000000 chars/2000000/true", finish(engine, run));
    }
  }

  @Test
  void aLoweredLimitRefusesAnInputTheDefaultTakes() {
    try (DurableEngine engine = engine(db.engine().maxPayloadBytes(100))) {
      InvalidInputException refused = assertThrows(InvalidInputException.class,
          () -> PayloadWorkflowClient.of(engine).start("x".repeat(200), 1, 0));
      assertTrue(refused.getMessage().contains("over the payload limit of 100 bytes"),
          refused.getMessage());
    }
  }

  @Test
  void theLimitIsOneByteTo256MiB() {
    IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
        () -> db.engine().maxPayloadBytes(256 * MIB + 1));
    assertEquals("maxPayloadBytes must be 1 to 268435456 (256 MiB), but was 268435457; store"
        + " larger data elsewhere and pass a reference to it", refused.getMessage());
    assertThrows(IllegalArgumentException.class, () -> db.engine().maxPayloadBytes(0));
  }

  @Test
  void aStepResultOverTheLimitFailsTheStepWithoutRetry() {
    try (DurableEngine engine = engine()) {
      RunHandle<String> run = PayloadWorkflowClient.of(engine).start("a", 1, 2_000_000);
      engine.tick();
      RunFailedException failure = assertThrows(RunFailedException.class, () -> run.await(WAIT));
      assertEquals("invalid_output", failure.code());
      assertTrue(failure.getMessage().contains("step 'produce' returned a result that cannot be"
          + " stored: result: 2000002 bytes of JSON, over the payload limit of 1048576"
          + " bytes"), failure.getMessage());
      assertEquals(1, script.executions("produce"), "not retried although retries = 3");
    }
  }

  @Test
  void aStepArgumentOverTheLimitFailsTheStepBeforeItRuns() {
    try (DurableEngine engine = engine()) {
      RunHandle<String> run =
          PayloadWorkflowClient.of(engine).start("y".repeat(600_000), 2, 0);
      engine.tick();
      RunFailedException failure = assertThrows(RunFailedException.class, () -> run.await(WAIT));
      assertEquals("invalid_input", failure.code());
      assertTrue(failure.getMessage().contains("over the payload limit of 1048576 bytes"),
          failure.getMessage());
      assertEquals(0, script.executions("echo"));
    }
  }

  @Test
  void loneSurrogatesInStringsRoundTripExactly() {
    // a lone high and a lone low surrogate, as a string cut inside an emoji has, and a whole pair
    String text = "cut \uD83D, \uDE00 and whole \uD83D\uDE00";
    try (DurableEngine engine = engine()) {
      RunHandle<String> run = PayloadWorkflowClient.of(engine).start(text, 1, 0);
      assertEquals(text + "/0/true", finish(engine, run),
          "read back from the stored input and checkpoint unchanged");
    }
  }

  @Test
  void aStepResultWhoseTypeChangedFailsTheRunAsUndecodable() {
    try (DurableEngine engine = engine()) {
      RunHandle<String> run = PayloadWorkflowClient.of(engine).start("a", 1, 0);
      // as if approved() had returned a long before a deploy made it return a boolean
      storeResultAndWake(engine, run, "approved", "312", PayloadWorkflow.PAUSE);
      RunFailedException failure = assertThrows(RunFailedException.class, () -> run.await(WAIT));
      assertEquals("payload_undecodable", failure.code());
      assertTrue(failure.getMessage().contains("cannot decode the stored result of step"
          + " 'approved'"), failure.getMessage());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "{\"sku\":\"pen\",\"cents\":\"250\"}", // cents was a String
      "{\"sku\":\"pen\",\"cents\":250.5}", // cents was a double
      "{\"sku\":\"pen\",\"cents\":true}", // cents was a boolean
      "{\"sku\":\"pen\"}", // cents was added since: a long cannot be absent
      "{\"sku\":\"pen\",\"cents\":null}", // cents was a Long
      "{\"sku\":7,\"cents\":250}" // sku was a number
  })
  void aStoredRecordThatDoesNotFitItsTypeFailsTheRun(String stored) {
    try (DurableEngine engine = engine()) {
      RunHandle<String> run = OrderWorkflowClient.of(engine).start(new Order("pen", 1));
      storeResultAndWake(engine, run, "quote", stored, OrderWorkflowDurable.COOL_OFF);
      RunFailedException failure = assertThrows(RunFailedException.class, () -> run.await(WAIT));
      assertEquals("payload_undecodable", failure.code());
      assertTrue(failure.getMessage().contains("cannot decode the stored result of step"
          + " 'quote'"), failure.getMessage());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "{\"cents\":250,\"sku\":\"pen\"}", // another field order
      "{\"sku\":\"pen\",\"cents\":250,\"currency\":\"EUR\"}" // a field removed since
  })
  void aStoredRecordThatStillFitsItsTypeReplays(String stored) {
    try (DurableEngine engine = engine()) {
      RunHandle<String> run = OrderWorkflowClient.of(engine).start(new Order("pen", 1));
      storeResultAndWake(engine, run, "quote", stored, OrderWorkflowDurable.COOL_OFF);
      assertEquals("shipped ch_pen_250", run.await(WAIT));
    }
  }

  /**
   * Runs {@code run} to its sleep, stores {@code output} as the result of its step {@code step} (as
   * if an older deploy had stored it), and lets the run replay it after {@code sleep}.
   */
  private void storeResultAndWake(
      DurableEngine engine, RunHandle<String> run, String step, String output, Duration sleep) {
    engine.tick();
    db.execute("UPDATE durable_steps SET output = '" + output + "' WHERE run_id = '" + run.id()
        + "' AND name = '" + step + "'");
    clock.advance(sleep);
    engine.tick();
  }
}
