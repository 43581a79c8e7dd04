package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.RunFailedException;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunInfo;
import dev.durable.runtime.RunState;
import dev.durable.runtime.RunStatus;
import dev.durable.tests.support.Await;
import dev.durable.tests.support.Recorder;
import dev.durable.tests.workflows.ChargeWorkflowDurable;
import dev.durable.tests.workflows.CheckoutParentWorkflow;
import dev.durable.tests.workflows.CheckoutParentWorkflowClient;
import dev.durable.tests.workflows.CheckoutParentWorkflowDurable;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Child runs: a run starts another through {@code ChargeWorkflowClient.of(ctx)} and awaits it
 * durably. The start is checkpointed (never repeated), the parent sleeps in storage until the
 * child ends (on any engine, across restarts), gets its result or its failure, and ends its
 * children when it is cancelled or its run timeout ends.
 */
class ChildRunTest extends OnEachStore {
  private final Recorder recorder = new Recorder();

  private DurableEngine.Builder engine() {
    return db.engine().clock(clock)
        .register(new CheckoutParentWorkflowDurable(recorder))
        .register(new ChargeWorkflowDurable(recorder));
  }

  @Test
  void aParentGetsItsChildsResultAndTheStatusShowsBoth() {
    try (DurableEngine engine = engine().build()) {
      engine.start();
      RunHandle<String> parent = CheckoutParentWorkflowClient.of(engine).start("order-1");

      assertEquals("shipped: paid order-1", parent.await(WAIT));

      RunStatus status = parent.status();
      assertEquals(1, status.children().size(), status.toString());
      RunInfo child = status.children().get(0);
      assertEquals("charge", child.workflowName());
      assertEquals(RunState.COMPLETED, child.status());
      assertEquals(parent.id() + "/child-0", child.id(), "derived from the parent and position");
      assertEquals(Optional.of(parent.id()), engine.getRunStatus(child.id()).run().parentId());
      assertEquals(Optional.empty(), status.run().parentId());
      assertEquals(List.of(), status.steps().stream()
          .filter(step -> !step.name().equals("ship")).toList(), "children are not steps");
      assertEquals(1, recorder.count("charged order-1"));
    }
  }

  @Test
  void aParentGetsItsChildsFailureWithItsCode() {
    try (DurableEngine engine = engine().build()) {
      engine.start();
      RunHandle<String> parent = CheckoutParentWorkflowClient.of(engine).start("declined-2");

      assertEquals("not shipped: declined", parent.await(WAIT));
    }
  }

  @Test
  void aParentWaitingForItsChildAcrossARestartStartsItOnceAndGetsItsResult() {
    String parentId;
    try (DurableEngine engine = engine().build()) {
      engine.start();
      RunHandle<String> parent = CheckoutParentWorkflowClient.of(engine).start("slow-3");
      parentId = parent.id();
      Await.until("the parent waits for its sleeping child", () ->
          parent.status().run().status() == RunState.SLEEPING
              && parent.status().children().size() == 1
              && parent.status().children().get(0).status() == RunState.SLEEPING);
    }

    try (DurableEngine engine = engine().build()) {
      engine.start();
      clock.advance(Duration.ofSeconds(31));

      RunHandle<String> parent = CheckoutParentWorkflowClient.of(engine).get(parentId);
      assertEquals("shipped: paid slow-3", parent.await(WAIT));
      assertEquals(1, parent.status().children().size(), "the child was started once");
      assertEquals(1, recorder.count("charged slow-3"));
      assertEquals(1, engine.history(parentId).stream()
          .filter(event -> event.type().equals("child.started")).count());
    }
  }

  @Test
  void aChildStartedWithAnIdHasItAndIsStartedOnceAcrossARestart() {
    String parentId;
    String childId = "charge for slow-named-8";
    try (DurableEngine engine = engine().build()) {
      engine.start();
      RunHandle<String> parent = CheckoutParentWorkflowClient.of(engine).start("slow-named-8");
      parentId = parent.id();
      Await.until("the parent waits for its sleeping child", () ->
          parent.status().run().status() == RunState.SLEEPING
              && engine.getRunStatus(childId).run().status() == RunState.SLEEPING);
      assertEquals(List.of(childId),
          parent.status().children().stream().map(RunInfo::id).toList());
      assertEquals(Optional.of(parentId), engine.getRunStatus(childId).run().parentId());
    }

    try (DurableEngine engine = engine().build()) {
      engine.start();
      clock.advance(Duration.ofSeconds(31));

      RunHandle<String> parent = CheckoutParentWorkflowClient.of(engine).get(parentId);
      assertEquals("shipped: paid slow-named-8", parent.await(WAIT));
      assertEquals(List.of(childId),
          parent.status().children().stream().map(RunInfo::id).toList(),
          "the replay did not start a second child");
      assertEquals(1, recorder.count("charged slow-named-8"));
      assertEquals(1, engine.history(parentId).stream()
          .filter(event -> event.type().equals("child.started")).count());
    }
  }

  @Test
  void startingAParentTwiceWithTheSameIdStartsOneChild() {
    try (DurableEngine engine = engine().build()) {
      engine.start();
      RunHandle<String> parent =
          CheckoutParentWorkflowClient.of(engine).start("checkout-9", "slow-named-9");
      // the child's timer must be stored before the clock moves past its end
      Await.until("the parent waits for its sleeping child", () ->
          parent.status().run().status() == RunState.SLEEPING
              && parent.status().children().size() == 1
              && parent.status().children().get(0).status() == RunState.SLEEPING);

      RunHandle<String> again =
          CheckoutParentWorkflowClient.of(engine).start("checkout-9", "slow-named-9");
      clock.advance(Duration.ofSeconds(31));

      assertEquals("checkout-9", again.id());
      assertEquals("shipped: paid slow-named-9", again.await(WAIT));
      assertEquals(List.of("charge for slow-named-9"),
          parent.status().children().stream().map(RunInfo::id).toList());
      assertEquals(1, recorder.count("charged slow-named-9"));
      assertEquals(1, db.queryLong(
          "SELECT COUNT(*) FROM durable_runs WHERE workflow_name = 'charge'"),
          "one child run is stored");
    }
  }

  @Test
  void anAwaitWithALimitGivesUpDurablyAndTheChildGoesOn() {
    try (DurableEngine engine = engine().build()) {
      engine.start();
      RunHandle<String> parent = CheckoutParentWorkflowClient.of(engine).start("impatient-stuck-7");
      Await.until("the parent waits for its sleeping child", () ->
          parent.status().run().status() == RunState.SLEEPING
              && parent.status().children().size() == 1);

      clock.advance(Duration.ofSeconds(11));

      String childId = parent.id() + "/child-0";
      assertEquals("gave up waiting for " + childId, parent.await(WAIT));
      assertFalse(engine.getRunStatus(childId).run().status().isTerminal(),
          "the child goes on");
    }
  }

  @Test
  void aChildOnAnotherEngineWakesItsParent() {
    try (DurableEngine parents =
            db.engine().clock(clock).register(new CheckoutParentWorkflowDurable(recorder))
                .build();
        DurableEngine children =
            db.engine().clock(clock).register(new ChargeWorkflowDurable(recorder)).build()) {
      parents.start();
      children.start();

      RunHandle<String> parent = CheckoutParentWorkflowClient.of(parents).start("order-4");

      assertEquals("shipped: paid order-4", parent.await(WAIT));
      assertEquals(1, recorder.count("charged order-4"));
    }
  }

  @Test
  void cancellingAParentCancelsItsRunningChild() {
    try (DurableEngine engine = engine().build()) {
      engine.start();
      RunHandle<String> parent = CheckoutParentWorkflowClient.of(engine).start("stuck-5");
      Await.until("the child sleeps", () -> parent.status().children().size() == 1
          && parent.status().children().get(0).status() == RunState.SLEEPING);

      engine.cancel(parent.id());

      RunInfo child = parent.status().children().get(0);
      assertEquals(RunState.CANCELLED, child.status());
      assertEquals(RunState.CANCELLED, parent.status().run().status());
    }
  }

  @Test
  void aParentsRunTimeoutCancelsItsRunningChild() {
    try (DurableEngine engine = engine().build()) {
      engine.start();
      RunHandle<String> parent = CheckoutParentWorkflowClient.of(engine).start("stuck-6");
      Await.until("the child sleeps", () -> parent.status().children().size() == 1
          && parent.status().children().get(0).status() == RunState.SLEEPING);

      clock.advance(Duration.ofMillis(CheckoutParentWorkflow.TIMEOUT_MS).plusSeconds(1));

      assertEquals("run_timeout",
          assertThrows(RunFailedException.class, () -> parent.await(WAIT)).code());
      assertEquals(RunState.CANCELLED, parent.status().children().get(0).status());
    }
  }
}
