package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.CompensationInfo;
import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.FatalError;
import dev.durable.runtime.HistoryEvent;
import dev.durable.runtime.RunFailedException;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunState;
import dev.durable.runtime.StepState;
import dev.durable.tests.support.Await;
import dev.durable.tests.support.CuttableDataSource;
import dev.durable.tests.support.Gate;
import dev.durable.tests.support.Script;
import dev.durable.tests.workflows.SagaWorkflowClient;
import dev.durable.tests.workflows.SagaWorkflowDurable;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code @Step(compensate = ...)}: when a run fails for good and no route takes its failure, the
 * compensations of its completed steps run, the last completed first, each once and durably (across
 * a restart, a backoff, an engine lost in the middle of one), then the {@code @OnFailure}
 * clean-up, and the run fails with its original error; a compensation that fails for good fails
 * the run with {@code compensation_failed}, and a requeue goes on where it stopped.
 */
class CompensationTest extends OnEachStore {
  private final Gate gate = new Gate();

  @AfterEach
  void openGates() {
    gate.openAll();
  }

  private DurableEngine engine(Script steps) {
    DurableEngine engine = db.engine().clock(clock)
        .register(new SagaWorkflowDurable(steps, gate)).build();
    engine.start();
    return engine;
  }

  @Test
  void aRunThatFailsForGoodUndoesItsCompletedStepsInReverseOrderThenCleansUpAndFails() {
    try (DurableEngine engine = engine(script)) {
      RunHandle<String> run = SagaWorkflowClient.of(engine).start("unshippable-1");

      RunFailedException failed = assertThrows(RunFailedException.class, () -> run.await(WAIT));
      assertEquals("unshippable", failed.code());
      assertEquals("no carrier serves the address", failed.error().message());
      assertEquals(
          List.of("reserve", "charge", "notify", "ship", "refund", "release", "alert unshippable"),
          script.recorder().entries(),
          "the charge is refunded before the stock is released; the notification is not undone");
      assertEquals(
          List.of(new CompensationInfo("charge", 1, "refund", StepState.COMPLETED),
              new CompensationInfo("reserve", 0, "release", StepState.COMPLETED)),
          run.status().compensations());
      assertTrue(engine.history(run.id()).stream()
          .anyMatch(e -> e.type().equals("run.compensating")
              && e.detail().equals("after [unshippable]: refund undoes charge (position 1),"
                  + " release undoes reserve (position 0)")));
    }
  }

  @Test
  void theCompletedBranchesOfAParallelGroupThatFailedAreUndoneTheFailedOneIsNot() {
    try (DurableEngine engine = engine(script)) {
      RunHandle<String> run = SagaWorkflowClient.of(engine).start("seats-8");

      RunFailedException failed = assertThrows(RunFailedException.class, () -> run.await(WAIT));
      assertEquals("seat_taken", failed.code());
      assertEquals(
          List.of(new CompensationInfo("book", 2, "cancelSeat", StepState.COMPLETED),
              new CompensationInfo("book", 1, "cancelSeat", StepState.COMPLETED),
              new CompensationInfo("reserve", 0, "release", StepState.COMPLETED)),
          run.status().compensations());
      List<String> entries = script.recorder().entries();
      assertEquals(List.of("cancel booking-12B", "cancel booking-12A", "release",
              "alert seat_taken"),
          entries.subList(entries.size() - 4, entries.size()));
      assertEquals(0, script.executions("cancel booking-13C"));
    }
  }

  @Test
  void aFailureThatARouteTakesIsNotCompensated() {
    try (DurableEngine engine = engine(script)) {
      assertEquals("backordered backorder-2",
          SagaWorkflowClient.of(engine).start("backorder-2").await(WAIT));
      assertEquals(List.of("reserve", "charge", "notify", "ship", "note backorder"),
          script.recorder().entries());
    }
  }

  @Test
  void aRouteThatFailsLeavesTheRunToItsCompensationsAndCleanUpWithTheOriginalCode() {
    script.failWith("note backorder", 1,
        () -> new FatalError("the backorder desk is down", "desk_down"));
    try (DurableEngine engine = engine(script)) {
      RunHandle<String> run = SagaWorkflowClient.of(engine).start("backorder-5");

      RunFailedException failed = assertThrows(RunFailedException.class, () -> run.await(WAIT));
      assertEquals("out_of_stock", failed.code(), "the run keeps the original code");
      assertEquals("out of stock at the carrier; the @OnError route failed too: the backorder"
          + " desk is down", failed.error().message());
      assertEquals(List.of("reserve", "charge", "notify", "ship", "note backorder", "refund",
              "release", "alert out_of_stock"),
          script.recorder().entries(), "compensated, then cleaned up, after the route failed");
      assertEquals(StepState.COMPLETED, run.status().compensations().get(0).status());
    }
  }

  @Test
  void aCompensationRetriesDurablyAcrossARestartInItsBackoff() {
    script.failTimes("refund", 1);
    String id;
    try (DurableEngine first = engine(script)) {
      RunHandle<String> run = SagaWorkflowClient.of(first).start("unshippable-3");
      id = run.id();
      Await.until("the refund waits out its backoff",
          () -> run.status().run().status() == RunState.SLEEPING);
      assertEquals(StepState.RETRYING, run.status().compensations().get(0).status());
    }
    clock.advance(Duration.ofMinutes(2));
    try (DurableEngine second = engine(script)) {
      RunFailedException failed = assertThrows(RunFailedException.class,
          () -> SagaWorkflowClient.of(second).get(id).await(WAIT));
      assertEquals("unshippable", failed.code());
    }
    assertEquals(2, script.executions("refund"));
    assertEquals(1, script.executions("charge"));
    assertEquals(1, script.executions("release"));
    assertEquals(1, script.executions("alert unshippable"));
  }

  @Test
  void aCompensationThatFailsForGoodFailsTheRunAndARequeueGoesOnWhereItStopped() {
    script.failWith("refund", 1, () -> new FatalError("the bank is closed", "bank_closed"));
    try (DurableEngine engine = engine(script)) {
      RunHandle<String> run = SagaWorkflowClient.of(engine).start("unshippable-4");

      RunFailedException failed = assertThrows(RunFailedException.class, () -> run.await(WAIT));
      assertEquals("compensation_failed", failed.code());
      assertTrue(failed.error().message().startsWith("compensation 'refund' of step 'charge'"
          + " (position 1) failed [bank_closed]: the bank is closed; the run had failed before"
          + " [unshippable]: no carrier serves the address;"), failed.error().message());
      assertEquals("refund", failed.error().step().orElseThrow());
      assertEquals(
          List.of(new CompensationInfo("charge", 1, "refund", StepState.FAILED),
              new CompensationInfo("reserve", 0, "release", StepState.PENDING)),
          run.status().compensations());
      assertEquals(0, script.executions("release"), "compensations stop at the failed one");
      assertEquals(0, script.executions("alert unshippable"), "no clean-up before they are done");

      engine.requeue(run.id());

      RunFailedException again = assertThrows(RunFailedException.class, () -> run.await(WAIT));
      assertEquals("unshippable", again.code(), "the run ends with its own failure at last");
      assertEquals(
          List.of("reserve", "charge", "notify", "ship", "refund", "refund", "release",
              "alert unshippable"),
          script.recorder().entries(), "nothing before the failed compensation ran again");
    }
  }

  @Test
  void aCompensatedRunIsNotRequeuedAsTheEffectsItWouldGoOnFromAreUndone() {
    try (DurableEngine engine = engine(script)) {
      RunHandle<String> run = SagaWorkflowClient.of(engine).start("unshippable-5");
      assertThrows(RunFailedException.class, () -> run.await(WAIT));

      IllegalStateException refused =
          assertThrows(IllegalStateException.class, () -> engine.requeue(run.id()));
      assertEquals("run " + run.id() + " failed and its completed steps were undone (refund"
          + " undid charge, release undid reserve): a retry would go on from steps whose effects"
          + " are gone, so it cannot be requeued; start a new run instead", refused.getMessage());
      assertEquals(RunState.FAILED, run.status().run().status());
    }
  }

  @Test
  void aRunThatWasOnlyCleanedUpIsRetriedByARequeueAndCleanedUpAgainOnlyIfItFailsAgain() {
    script.failWith("reserve", 1, () -> new FatalError("out of lamps", "sold_out"));
    try (DurableEngine engine = engine(script)) {
      RunHandle<String> run = SagaWorkflowClient.of(engine).start("lamp-6");
      RunFailedException failed = assertThrows(RunFailedException.class, () -> run.await(WAIT));
      assertEquals("sold_out", failed.code());
      assertEquals(List.of(), run.status().compensations(), "nothing had completed to undo");
      assertEquals(1, script.executions("alert sold_out"));

      engine.requeue(run.id());

      assertEquals("shipped lamp-6", run.await(WAIT));
      assertEquals(
          List.of("reserve", "alert sold_out", "reserve", "charge", "notify", "ship"),
          script.recorder().entries());
      // the clean-up's checkpoints were dropped for the retry; the history still tells of them
      List<String> alert = engine.history(run.id()).stream()
          .filter(event -> event.step().orElse("").equals("alert"))
          .map(HistoryEvent::type)
          .toList();
      assertEquals(List.of("step.started", "step.completed"), alert);
    }
  }

  @Test
  void anEngineLostInTheMiddleOfACompensationIsTakenOverAndTheCompensationsFinish() {
    Duration lease = Duration.ofSeconds(1);
    Script firstSteps = new Script();
    Script secondSteps = new Script();
    Gate secondGate = new Gate();
    secondGate.open("refund unshippable-slow-refund-7");
    CuttableDataSource firstDatabase = new CuttableDataSource(db.jdbcUrl());
    try (DurableEngine first = DurableEngine.builder().dataSource(firstDatabase).discover(false)
            .engineId("first").leaseDuration(lease)
            .register(new SagaWorkflowDurable(firstSteps, gate)).build();
        DurableEngine second = DurableEngine.builder()
            .dataSource(new CuttableDataSource(db.jdbcUrl())).discover(false)
            .engineId("second").leaseDuration(lease)
            .register(new SagaWorkflowDurable(secondSteps, secondGate)).build()) {
      first.start();
      RunHandle<String> run = SagaWorkflowClient.of(first).start("unshippable-slow-refund-7");
      Await.until("the first engine is refunding",
          () -> gate.isEntered("refund unshippable-slow-refund-7"));

      firstDatabase.cut(); // the first engine is gone, in the middle of the refund
      second.start();
      RunFailedException failed = assertThrows(RunFailedException.class,
          () -> SagaWorkflowClient.of(second).get(run.id()).await(Duration.ofSeconds(20)));

      assertEquals("unshippable", failed.code());
      assertEquals(List.of("reserve", "charge", "notify", "ship", "refund"),
          firstSteps.recorder().entries());
      assertEquals(List.of("refund", "release", "alert unshippable"),
          secondSteps.recorder().entries(),
          "the second engine ran the interrupted refund again and went on; nothing before it");
      assertEquals(
          List.of(new CompensationInfo("charge", 1, "refund", StepState.COMPLETED),
              new CompensationInfo("reserve", 0, "release", StepState.COMPLETED)),
          second.getRunStatus(run.id()).compensations());
      firstDatabase.restore();
    }
  }

  @Test
  void aCancelWhileCompensatingIsRefusedAndTheCompensationsFinish() {
    try (DurableEngine engine = engine(script)) {
      RunHandle<String> run = SagaWorkflowClient.of(engine).start("unshippable-slow-refund-9");
      Await.until("the refund runs", () -> gate.isEntered("refund unshippable-slow-refund-9"));

      IllegalStateException refused =
          assertThrows(IllegalStateException.class, () -> engine.cancel(run.id()));
      assertTrue(refused.getMessage().startsWith("run " + run.id() + " failed and is undoing its"
          + " completed steps"), refused.getMessage());
      gate.open("refund unshippable-slow-refund-9");

      RunFailedException failed = assertThrows(RunFailedException.class, () -> run.await(WAIT));
      assertEquals("unshippable", failed.code(), "the run ends as its failure said");
      assertEquals(
          List.of(new CompensationInfo("charge", 1, "refund", StepState.COMPLETED),
              new CompensationInfo("reserve", 0, "release", StepState.COMPLETED)),
          run.status().compensations(), "no compensation was abandoned");
      assertEquals(false, engine.cancel(run.id()), "an ended run is not cancelled");
      assertTrue(engine.history(run.id()).stream()
          .noneMatch(e -> e.type().equals("run.cancelled")));
    }
  }
}
