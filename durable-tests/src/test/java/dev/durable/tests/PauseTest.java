package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.DurableWorker;
import dev.durable.runtime.HistoryEvent;
import dev.durable.runtime.Queue;
import dev.durable.runtime.QueueInfo;
import dev.durable.runtime.RunFilter;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunState;
import dev.durable.runtime.StartOptions;
import dev.durable.runtime.StepState;
import dev.durable.runtime.UnknownRunException;
import dev.durable.tests.support.Await;
import dev.durable.tests.support.CapturedLogs;
import dev.durable.tests.support.Gate;
import dev.durable.tests.support.Recorder;
import dev.durable.tests.workflows.GreeterV1Durable;
import dev.durable.tests.workflows.GreetingParentClient;
import dev.durable.tests.workflows.GreetingParentDurable;
import dev.durable.tests.workflows.Order;
import dev.durable.tests.workflows.PausableWorkflowClient;
import dev.durable.tests.workflows.PausableWorkflowDurable;
import dev.durable.tests.workflows.PricingSteps;
import dev.durable.tests.workflows.PricingStepsDispatch;
import dev.durable.tests.workflows.QueueWorkflow;
import dev.durable.tests.workflows.QueueWorkflowClient;
import dev.durable.tests.workflows.QueueWorkflowDurable;
import dev.durable.tests.workflows.RemoteOrderWorkflowClient;
import dev.durable.tests.workflows.RemoteOrderWorkflowDurable;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Pausing and resuming runs ({@code engine.pause}, {@code engine.resume}): a paused run is taken up
 * by no engine, starts nothing, keeps what is sent to it, and goes on where it was once resumed; a
 * step in flight when it is paused finishes and is recorded. Engines that are not started are
 * driven with {@code tick()}, which runs every due run: a tick that runs nothing shows that
 * nothing was due, without waiting to see.
 */
class PauseTest extends OnEachStore {
  private final Gate gate = new Gate();
  private final Recorder recorder = new Recorder();

  private DurableEngine.Builder engine() {
    return db.engine().clock(clock).register(new PausableWorkflowDurable(gate, recorder));
  }

  private static PausableWorkflowClient client(DurableEngine engine) {
    return PausableWorkflowClient.of(engine);
  }

  private static RunState state(DurableEngine engine, String runId) {
    return engine.getRunStatus(runId).run().status();
  }

  private static List<String> events(DurableEngine engine, String runId) {
    return engine.history(runId).stream().map(HistoryEvent::type).toList();
  }

  /** Whether the run's first step is recorded and no engine holds its lease. */
  private boolean firstRecordedAndReleased(DurableEngine engine, String runId) {
    var steps = engine.getRunStatus(runId).steps();
    return !steps.isEmpty() && steps.get(0).status() == StepState.COMPLETED
        && db.query("SELECT lease_owner FROM durable_runs WHERE run_id = '" + runId + "'")
            .get(0).get(0) == null;
  }

  @Test
  void aPendingRunPausedIsTakenUpByNoEngineUntilItIsResumed() {
    gate.open("p");
    try (DurableEngine engine = engine().build()) {
      RunHandle<String> run = client(engine).start("p", "-");
      assertTrue(engine.pause(run.id()));
      assertEquals(RunState.PAUSED, state(engine, run.id()));
      assertEquals(0, engine.tick(), "a paused run is claimed by no engine");
      assertEquals(List.of(), recorder.entries());

      assertTrue(engine.resume(run.id()));
      assertEquals(RunState.PENDING, state(engine, run.id()));
      engine.tick();
      assertEquals("first,-,second", run.await(WAIT));
      assertTrue(events(engine, run.id()).containsAll(List.of("run.paused", "run.resumed")));
    }
  }

  @Test
  void aSleepingRunPausedStaysPausedPastItsTimerWhichFiresOnceItIsResumed() {
    gate.open("s");
    try (DurableEngine engine = engine().build()) {
      RunHandle<String> run = client(engine).start("s", "sleep");
      engine.tick();
      assertEquals(RunState.SLEEPING, state(engine, run.id()));
      assertTrue(engine.pause(run.id()));

      clock.advance(Duration.ofMinutes(2)); // its timer comes due while it is paused
      assertEquals(0, engine.tick(), "a paused run's timer does not take it up");
      assertEquals(RunState.PAUSED, state(engine, run.id()));

      assertTrue(engine.resume(run.id()));
      engine.tick();
      assertEquals("first,slept,second", run.await(WAIT));
      assertEquals(List.of("first s", "second s"), recorder.entries());
    }
  }

  @Test
  void aSignalSentToAPausedRunIsKeptAndTakenOnceItIsResumed() {
    gate.open("g");
    try (DurableEngine engine = engine().build()) {
      RunHandle<String> run = client(engine).start("g", "signal");
      engine.tick();
      assertEquals(RunState.SLEEPING, state(engine, run.id()));
      assertTrue(engine.pause(run.id()));

      client(engine).go(run.id(), "yes");
      assertEquals(0, engine.tick(), "a signal does not wake a paused run");
      assertEquals(RunState.PAUSED, state(engine, run.id()));

      assertTrue(engine.resume(run.id()));
      engine.tick();
      assertEquals("first,yes,second", run.await(WAIT));
    }
  }

  @Test
  void aRunPausedWhileItsStepRunsRecordsTheStepAndStartsNoOtherUntilItIsResumed() {
    try (DurableEngine engine = engine().build()) {
      engine.start();
      RunHandle<String> run = client(engine).start("f", "-");
      Await.until("its first step runs", () -> gate.isEntered("f"));
      assertTrue(engine.pause(run.id()));
      assertEquals(RunState.PAUSED, state(engine, run.id()));

      gate.open("f");
      Await.until("the step in flight is recorded and the run given back",
          () -> firstRecordedAndReleased(engine, run.id()));
      assertEquals(List.of("first f"), recorder.entries(), "no step started after the pause");
      assertEquals(RunState.PAUSED, state(engine, run.id()));

      assertTrue(engine.resume(run.id()));
      assertEquals("first,-,second", run.await(WAIT));
      assertEquals(List.of("first f", "second f"), recorder.entries(), "each step ran once");
    }
  }

  /**
   * Paused through an engine that does not execute it: the one that does hears of it (on
   * PostgreSQL at once, else at its next lease renewal, a second here) and stops its turn after
   * the step in flight.
   */
  @Test
  void aRunPausedThroughAnotherEngineStopsWhereItRunsAfterItsStep() {
    try (CapturedLogs.Capture logs = CapturedLogs.capture();
        DurableEngine executing = engine().leaseDuration(Duration.ofSeconds(3)).build();
        DurableEngine operator = db.engine().clock(clock).build()) {
      executing.start();
      RunHandle<String> run = client(executing).start("o", "-");
      Await.until("its first step runs", () -> gate.isEntered("o"));
      assertTrue(operator.pause(run.id()));
      Await.until("the engine executing it hears of the pause", () -> logs.lines().stream()
          .anyMatch(line -> line.text().equals("run " + run.id() + " was paused elsewhere; its"
              + " turn here stops after its step in flight")));

      gate.open("o");
      Await.until("the step in flight is recorded and the run given back",
          () -> firstRecordedAndReleased(operator, run.id()));
      assertEquals(List.of("first o"), recorder.entries(), "no step started after the pause");

      assertTrue(operator.resume(run.id()));
      assertEquals("first,-,second", run.await(WAIT));
      assertEquals(List.of("first o", "second o"), recorder.entries());
    }
  }

  @Test
  void aQueuedRunPausedGivesItsSlotBackAndWaitsItsTurnAgainOnceResumed() {
    try (DurableEngine engine = engine().queue(Queue.named("q").concurrency(1)).build()) {
      StartOptions inQueue = StartOptions.builder().queue("q").build();
      RunHandle<String> first = client(engine).start(inQueue, "a", "-");
      engine.start();
      Await.until("the first run is admitted and runs", () -> gate.isEntered("a"));
      gate.open("b");
      RunHandle<String> second = client(engine).start(inQueue, "b", "-");
      assertEquals(RunState.ENQUEUED, state(engine, second.id()), "the queue is full");

      assertTrue(engine.pause(first.id()));
      assertEquals("first,-,second", second.await(WAIT), "the paused run's slot was given back");

      gate.open("a");
      Await.until("the paused run's step is recorded",
          () -> firstRecordedAndReleased(engine, first.id()));
      assertTrue(engine.resume(first.id()));
      assertEquals("first,-,second", first.await(WAIT));
      assertEquals(1, recorder.entries().stream().filter("second a"::equals).count());
    }
  }

  @Test
  void aPausedQueueAdmitsNothingOnAnyEngineAndOnceResumedEveryRunCompletesOnce() {
    List<String> keys = List.of("q1", "q2", "q3", "q4");
    keys.forEach(gate::open);
    Queue queue = Queue.named("pq").concurrency(2);
    try (DurableEngine a = engine().queue(queue).engineId("a").build();
        DurableEngine b = engine().queue(queue).engineId("b").build()) {
      assertTrue(a.pauseQueue("pq"));
      assertFalse(b.pauseQueue("pq"), "pausing a paused queue changes nothing and says so");
      assertThrows(IllegalArgumentException.class, () -> a.pauseQueue("no-such-queue"));
      StartOptions inQueue = StartOptions.builder().queue("pq").build();
      List<RunHandle<String>> runs = keys.stream()
          .map(key -> client(a).start(inQueue, key, "-")).toList();

      assertEquals(0, a.tick(), "a paused queue admits nothing");
      assertEquals(0, b.tick(), "on any engine");
      QueueInfo paused = b.queues().stream().filter(q -> q.name().equals("pq")).findFirst()
          .orElseThrow();
      assertTrue(paused.paused());
      assertEquals(4, paused.depth());
      assertEquals(0, paused.running());

      assertTrue(b.resumeQueue("pq"));
      assertFalse(b.resumeQueue("pq"), "resuming a queue that is not paused changes nothing");
      a.tick();
      b.tick();
      for (RunHandle<String> run : runs) {
        assertEquals("first,-,second", run.await(WAIT));
      }
      for (String key : keys) {
        assertEquals(1, recorder.entries().stream().filter(("second " + key)::equals).count());
      }
    }
  }

  @Test
  void aRunWaitingForItsChildPausedTakesTheChildsEndOnlyOnceResumed() {
    try (DurableEngine parents = db.engine().clock(clock)
            .register(new GreetingParentDurable()).build();
        DurableEngine children = db.engine().clock(clock)
            .register(new GreeterV1Durable(recorder)).build()) {
      RunHandle<String> parent = GreetingParentClient.of(parents).start("ann", "");
      parents.tick();
      assertEquals(RunState.SLEEPING, state(parents, parent.id()), "it waits for its child");
      assertTrue(parents.pause(parent.id()));

      children.tick(); // the child sleeps a minute, then greets: its end would wake the parent
      clock.advance(Duration.ofMinutes(2));
      children.tick();
      assertEquals(List.of("v1 greets ann"), recorder.entries(), "its child went on");
      assertEquals(0, parents.tick(), "the child's end does not wake a paused parent");
      assertEquals(RunState.PAUSED, state(parents, parent.id()));

      assertTrue(parents.resume(parent.id()));
      parents.tick();
      assertEquals("hello ann", parent.await(WAIT));
    }
  }

  @Test
  void aRunWhoseTaskIsOutPausedReadsTheWorkersAnswerOnlyOnceResumed() {
    try (DurableEngine engine = db.engine().clock(clock)
            .register(new RemoteOrderWorkflowDurable(new PricingStepsDispatch(), script)).build();
        DurableWorker worker = db.worker().handle(PricingSteps.QUOTE,
            (task, input) -> "{\"sku\":\"lamp\",\"cents\":600}").build()) {
      RunHandle<String> run = RemoteOrderWorkflowClient.of(engine).start(new Order("lamp", 2));
      engine.tick();
      assertEquals(RunState.SLEEPING, state(engine, run.id()), "its task is out");
      assertTrue(engine.pause(run.id()));

      assertEquals(1, worker.tick(), "the worker answers the task of a paused run");
      assertEquals(0, engine.tick(), "the answer does not wake it");
      assertEquals(RunState.PAUSED, state(engine, run.id()));

      assertTrue(engine.resume(run.id()));
      engine.tick();
      assertEquals("shipped lamp for 600", run.await(WAIT));
    }
  }

  @Test
  void runsArePausedByFilterPageAfterPageAndThoseEndedOrPausedAreLeft() {
    List.of("m1", "m2", "m3", "m4").forEach(gate::open);
    try (DurableEngine engine = engine().build()) {
      RunHandle<String> ended = client(engine).start("m1", "-");
      List<RunHandle<String>> waiting = List.of("m2", "m3", "m4").stream()
          .map(key -> client(engine).start(key, "signal")).toList();
      engine.tick();
      assertEquals("first,-,second", ended.await(WAIT));
      assertTrue(engine.pause(waiting.get(0).id()), "one paused already");

      assertEquals(2, engine.pause(RunFilter.builder().workflow("pausable").build()));
      for (RunHandle<String> run : waiting) {
        assertEquals(RunState.PAUSED, state(engine, run.id()));
      }
      assertEquals(RunState.COMPLETED, state(engine, ended.id()));
      assertEquals(0, engine.pause(RunFilter.builder().workflow("pausable").build()),
          "nothing left to pause");
      assertEquals(3, engine.overview(clock.instant().minus(Duration.ofMinutes(5)),
          Duration.ofMinutes(1)).paused(), "the overview counts the runs paused now");
    }
  }

  /**
   * A started engine parks a run whose step finds no slot; under {@code tick()} the attempt would
   * wait in process instead, for as long as the queue stays paused.
   */
  @Test
  void aStepOfAPausedQueueLimitedOnEachEngineWaitsForItsSlotUntilTheQueueIsResumed() {
    try (DurableEngine engine = db.engine().clock(clock)
        .register(new QueueWorkflowDurable(script, gate, new QueueWorkflow.Probe(1)))
        .queue("carrier", 2).build()) {
      assertTrue(engine.pauseQueue("carrier"));
      engine.start();
      RunHandle<String> run = QueueWorkflowClient.of(engine).start(List.of("order-p"));
      Await.until("its step waits for a slot", () -> events(engine, run.id())
          .contains("step.queued") && state(engine, run.id()) == RunState.SLEEPING);
      assertEquals(0, script.executions("book:order-p"));

      assertTrue(engine.resumeQueue("carrier"));
      clock.advance(Duration.ofSeconds(10)); // past the parked run's own retry
      assertEquals("booked order-p", run.await(WAIT));
      assertEquals(1, script.executions("book:order-p"));
    }
  }

  @Test
  void pauseAndResumeSayWhatTheyDid() {
    gate.open("x");
    gate.open("y");
    try (DurableEngine engine = engine().build()) {
      assertThrows(UnknownRunException.class, () -> engine.pause("no-such-run"));
      assertThrows(UnknownRunException.class, () -> engine.resume("no-such-run"));

      RunHandle<String> ended = client(engine).start("x", "-");
      engine.tick();
      assertEquals("first,-,second", ended.await(WAIT));
      assertFalse(engine.pause(ended.id()), "an ended run is not paused");
      assertFalse(engine.resume(ended.id()), "nor resumed");

      RunHandle<String> run = client(engine).start("y", "-");
      assertFalse(engine.resume(run.id()), "a run that is not paused is not resumed");
      assertTrue(engine.pause(run.id()));
      assertTrue(engine.pause(run.id()), "pausing a paused run changes nothing and says so");
      assertEquals(1, events(engine, run.id()).stream().filter("run.paused"::equals).count());
      assertTrue(engine.cancel(run.id()), "a paused run can be cancelled");
      assertEquals(RunState.CANCELLED, state(engine, run.id()));
      assertFalse(engine.resume(run.id()));
    }
  }
}
