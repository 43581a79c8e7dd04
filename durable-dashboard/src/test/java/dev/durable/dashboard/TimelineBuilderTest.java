package dev.durable.dashboard;

import static dev.durable.dashboard.TimelineFixture.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.dashboard.Timeline.Bar;
import dev.durable.dashboard.Timeline.Kind;
import dev.durable.dashboard.Timeline.Marker;
import dev.durable.dashboard.Timeline.Row;
import dev.durable.dashboard.Timeline.RowKind;
import dev.durable.runtime.RunError;
import dev.durable.runtime.RunState;
import dev.durable.runtime.StepState;
import dev.durable.runtime.TaskState;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The timeline's rows and bars, from a run's checkpoints, event log and tasks. */
class TimelineBuilderTest {
  @Test
  void aRetriedStepShowsEachAttemptAndTheBackoffBetween() {
    TimelineFixture f = new TimelineFixture("r1");
    f.checkpoint(0, "STEP", "charge", StepState.COMPLETED, 2, 0, 1500, null, "[]", "1", null)
        .event(0, "step.started", "charge", 1, "local")
        .event(100, "step.retrying", "charge", 1, "card offline; next attempt in 1000 ms")
        .event(1500, "step.completed", "charge", 2, null);

    Row row = only(f.built(RunState.COMPLETED, 1500, null, 2000).rows());

    assertEquals(RowKind.STEP, row.kind());
    assertEquals(List.of(Kind.RETRIED, Kind.BACKOFF, Kind.ATTEMPT), kinds(row));
    assertBar(row.bars().get(0), 0, 100);
    assertTrue(row.bars().get(0).label().contains("card offline"), row.bars().get(0).label());
    assertBar(row.bars().get(1), 100, 1100);
    assertBar(row.bars().get(2), 1100, 1500);
    assertEquals(Optional.of("/runs/r1#pos-0"), row.bars().get(2).link());
    assertEquals(0, row.failed());
  }

  @Test
  void aRetriedAttemptWokenLateStartsAtTheClaimThatWokeTheRun() {
    TimelineFixture f = new TimelineFixture("r1");
    f.checkpoint(0, "STEP", "charge", StepState.COMPLETED, 2, 0, 1500, null, "[]", "1", null)
        .event(0, "step.started", "charge", 1, "local")
        .event(100, "step.retrying", "charge", 1, "card offline; next attempt in 1000 ms")
        .event(1300, "run.claimed", null, 0, "engine-2")
        .event(1500, "step.completed", "charge", 2, null);

    Row row = only(f.built(RunState.COMPLETED, 1500, null, 2000).rows());

    assertBar(row.bars().get(2), 1300, 1500);
  }

  @Test
  void anAttemptThatMayHaveRunOnALostEngineIsDrawnFromThatEnginesClaimToTheTakeover() {
    TimelineFixture f = new TimelineFixture("r1");
    f.checkpoint(0, "STEP", "charge", StepState.COMPLETED, 3, 0, 40000, null, "[]", "1", null)
        .event(0, "step.started", "charge", 1, "local")
        .event(100, "step.retrying", "charge", 1, "card offline; next attempt in 1000 ms")
        .event(1200, "run.claimed", null, 0, "engine-a")
        .event(38000, "run.claimed", null, 0, "engine-b took over from engine-a, whose lease"
            + " expired")
        .event(38010, "step.interrupted", "charge", 2, "may have run on engine-a, whose lease"
            + " ended unrenewed; attempt 3 runs on engine-b")
        .event(40000, "step.completed", "charge", 3, null);

    Row row = only(f.built(RunState.COMPLETED, 40000, null, 41000).rows());

    assertEquals(List.of(Kind.RETRIED, Kind.BACKOFF, Kind.INTERRUPTED, Kind.ATTEMPT), kinds(row));
    Bar cut = row.bars().get(2);
    assertBar(cut, 1200, 38010);
    assertTrue(cut.label().startsWith("charge (position 0) attempt 2 may have run on engine-a"),
        cut.label());
    assertFalse(cut.failed());
    assertBar(row.bars().get(3), 38010, 40000);
  }

  @Test
  void eachBranchOfAFanInFlightOnALostEngineHasItsOwnInterruptedAttempt() {
    TimelineFixture f = new TimelineFixture("r1");
    for (int branch = 0; branch < 2; branch++) {
      f.checkpoint(branch, "STEP", "price", StepState.COMPLETED, 2, 0, 1500 + branch * 100, null,
          "[]", "1", null);
    }
    f.event(0, "run.claimed", null, 0, "engine-a")
        .event(0, "step.started", "price", 1, "local")
        .event(0, "step.started", "price", 1, "local")
        .event(1000, "run.claimed", null, 0, "engine-b took over from engine-a, whose lease"
            + " expired");
    for (int branch = 0; branch < 2; branch++) {
      f.event(1010, "step.interrupted", "price", 1, "may have run on engine-a, whose lease"
          + " ended unrenewed; attempt 2 runs on engine-b");
    }
    f.event(1500, "step.completed", "price", 2, null)
        .event(1600, "step.completed", "price", 2, null);

    List<Row> rows = f.built(RunState.COMPLETED, 1600, null, 2000).rows();

    for (Row row : rows) {
      assertEquals(List.of(Kind.INTERRUPTED, Kind.ATTEMPT), kinds(row), row.toString());
      assertBar(row.bars().get(0), 0, 1010);
    }
    assertBar(rows.get(0).bars().get(1), 1010, 1500);
    assertBar(rows.get(1).bars().get(1), 1010, 1600);
  }

  @Test
  void theAttemptAfterAnInterruptedOneIsDrawnRunningWhileTheRunGoesOn() {
    TimelineFixture f = new TimelineFixture("r1");
    f.checkpoint(0, "STEP", "charge", StepState.PENDING, 1, 0, 30000, null, "[]", null, null)
        .event(0, "run.claimed", null, 0, "engine-a")
        .event(0, "step.started", "charge", 1, "local")
        .event(30000, "run.claimed", null, 0, "engine-b took over from engine-a, whose lease"
            + " expired")
        .event(30010, "step.interrupted", "charge", 1, "may have run on engine-a, whose lease"
            + " ended unrenewed; attempt 2 runs on engine-b");

    Row row = only(f.built(RunState.RUNNING, 30010, null, 31000).rows());

    assertEquals(List.of(Kind.INTERRUPTED, Kind.ATTEMPT), kinds(row));
    assertBar(row.bars().get(0), 0, 30010);
    assertBar(row.bars().get(1), 30010, 31000);
    assertTrue(row.bars().get(1).open());
    assertTrue(row.bars().get(1).label().startsWith("charge (position 0) attempt 2 running"),
        row.bars().get(1).label());
  }

  @Test
  void aSleepASignalWaitAndAChildRunAreBarsOfTheirOwn() {
    TimelineFixture f = new TimelineFixture("parent");
    f.checkpoint(0, "SLEEP", "sleep", StepState.COMPLETED, 1, 0, 5200, 5000L, null, null, null)
        .checkpoint(1, "SIGNAL", "approval", StepState.COMPLETED, 1, 5200, 9000, null, null,
            "true", null)
        .checkpoint(2, "CHILD", "payout", StepState.COMPLETED, 1, 9000, 9000, null, "[]",
            "\"parent/2\"", null)
        .checkpoint(3, "AWAIT", "payout", StepState.COMPLETED, 1, 9000, 12000, null,
            "\"parent/2\"", "null", null)
        .checkpoint(4, "SIGNAL", "cancel", StepState.PENDING, 0, 12000, 12000, null, null, null,
            null);

    List<Row> rows = f.built(RunState.SLEEPING, 12000, null, 15000).rows();

    assertEquals(4, rows.size(), "the await is drawn in its child's row");
    assertBar(only(rows.get(0).bars()), 0, 5200);
    assertEquals(Kind.SLEEP, rows.get(0).bars().get(0).kind());
    assertEquals(RowKind.SIGNAL, rows.get(1).kind());
    assertBar(only(rows.get(1).bars()), 5200, 9000);
    assertTrue(rows.get(1).bars().get(0).label().contains("received"));
    Bar child = only(rows.get(2).bars());
    assertEquals(Kind.CHILD, child.kind());
    assertBar(child, 9000, 12000);
    assertEquals(Optional.of("/runs/parent%2F2"), child.link());
    Bar waiting = only(rows.get(3).bars());
    assertBar(waiting, 12000, 15000);
    assertTrue(waiting.open(), "a wait not ended is drawn up to now, open");
  }

  @Test
  void aDispatchedTaskIsQueuedThenOnItsWorkerWithItsLastHeartbeat() {
    TimelineFixture f = new TimelineFixture("r2");
    f.checkpoint(0, "REMOTE", "label", StepState.COMPLETED, 2, 0, 3000, null, "[]", "1", null)
        .event(0, "step.started", "label", 1, "dispatched")
        .event(400, "step.retrying", "label", 1, "printer jam; next attempt in 500 ms")
        .event(900, "step.started", "label", 2, "dispatched")
        .event(3000, "step.completed", "label", 2, null)
        .task(0, "label", 1, TaskState.FAILED, 0, 100L, null, 400L, "printer jam")
        .task(0, "label", 2, TaskState.SUCCEEDED, 900, 1000L, 2000L, 3000L, null);

    Row row = only(f.built(RunState.COMPLETED, 3000, null, 4000).rows());

    assertEquals(RowKind.DISPATCHED, row.kind());
    assertEquals(List.of(Kind.QUEUED, Kind.RETRIED, Kind.BACKOFF, Kind.QUEUED, Kind.TASK,
        Kind.HEARTBEAT), kinds(row));
    assertBar(row.bars().get(0), 0, 100);
    assertBar(row.bars().get(1), 100, 400);
    assertBar(row.bars().get(2), 400, 900);
    assertBar(row.bars().get(3), 900, 1000);
    assertBar(row.bars().get(4), 1000, 3000);
    assertBar(row.bars().get(5), 2000, 2000);
    assertTrue(row.bars().get(4).label().contains("worker-1"));
  }

  @Test
  void theFailureIsRedAndMarkedThenTheCompensationsUndoInTheirOwnRows() {
    RunError error = new RunError("no carrier", "no_carrier", "java.lang.IllegalStateException",
        Optional.of("ship"));
    TimelineFixture f = new TimelineFixture("r3");
    f.step(0, "charge", 0, 100)
        .checkpoint(1, "STEP", "ship", StepState.FAILED, 1, 100, 300, null, "[]", null, error)
        .event(100, "step.started", "ship", 1, "local")
        .event(300, "step.failed", "ship", 1, "no carrier")
        .event(300, "run.compensating", null, 0, "refund")
        .checkpoint(2, "VALUE", TimelineBuilder.FAILURE_HANDLING, StepState.COMPLETED, 1, 300,
            300, null, null,
            "{\"code\":\"no_carrier\",\"compensations\":[{\"step\":\"charge\",\"position\":0,"
                + "\"compensation\":\"refund\"}]}", null)
        .step(3, "refund", 300, 450)
        .event(460, "run.failed", null, 0, "no carrier");

    TimelineBuilder.Built built = f.built(RunState.FAILED, 460, error, 9000);

    assertEquals(3, built.rows().size(), "the failure-handling marker takes no row");
    Row failed = built.rows().get(1);
    assertEquals(1, failed.failed());
    Bar red = only(failed.bars());
    assertTrue(red.failed());
    assertTrue(red.label().contains("no carrier"), red.label());
    Row undo = built.rows().get(2);
    assertEquals(RowKind.COMPENSATION, undo.kind());
    assertEquals(Kind.COMPENSATION, only(undo.bars()).kind());
    assertTrue(undo.bars().get(0).label().contains("undoing charge (position 0)"));
    assertEquals(at(460), built.end(), "a run that ended ends the axis, not now");
    Marker failure = built.markers().stream().filter(m -> m.kind().equals("failure"))
        .findFirst().orElseThrow();
    assertEquals(at(300), failure.at(), "where the step failed, not where the compensations ended");
    assertTrue(failure.label().contains("2026-12-06 05:00:00Z: no_carrier: no carrier (step ship)"), failure.label());
    assertEquals(Optional.of("/runs/r3#pos-1"), failure.link());
    assertTrue(built.markers().stream().anyMatch(m -> m.kind().equals("compensating")
        && m.at().equals(at(300))));
  }

  @Test
  void aPausedSpanIsMarkedFromThePauseToTheResume() {
    TimelineFixture f = new TimelineFixture("r4");
    f.step(0, "charge", 10, 100)
        .event(120, "run.paused", null, 0, "was SLEEPING")
        .event(5_000, "run.resumed", null, 0, null)
        .step(1, "ship", 5_100, 5_200);

    TimelineBuilder.Built built = f.built(RunState.RUNNING, 5_200, null, 6_000);

    Marker paused = built.markers().stream().filter(m -> m.kind().equals("paused"))
        .findFirst().orElseThrow();
    assertEquals(at(120), paused.at());
    assertTrue(paused.label().contains("(was SLEEPING)"), paused.label());
    assertEquals(at(5_000), built.markers().stream().filter(m -> m.kind().equals("resumed"))
        .findFirst().orElseThrow().at());
  }

  @Test
  void theCallsOfOneStepInALoopEachGetTheirOwnEventsEvenWhereTheyTouch() {
    TimelineFixture f = TimelineFixture.loop("loop", "tick", 3);
    f.checkpoint(3, "STEP", "tick", StepState.RETRYING, 1, 3, 3, 60_003L, "[]", null, null)
        .event(3, "step.started", "tick", 1, "local")
        .event(3, "step.retrying", "tick", 1, "later; next attempt in 60000 ms");

    List<Row> rows = f.built(RunState.SLEEPING, 3, null, 10).rows();

    for (int i = 0; i < 3; i++) {
      assertBar(only(rows.get(i).bars()), i, i + 1);
    }
    assertEquals(List.of(Kind.RETRIED, Kind.BACKOFF), kinds(rows.get(3)));
    Bar backoff = rows.get(3).bars().get(1);
    assertBar(backoff, 3, 60_003);
    assertTrue(backoff.open(), "a backoff of a run still sleeping is open");
  }

  @Test
  void attemptsBeforeARequeueStayWithTheirStepWhenALaterCallHasItsName() {
    TimelineFixture f = new TimelineFixture("rq");
    // the checkpoint of position 0 started again at the requeue: its first try is before it
    f.checkpoint(0, "STEP", "tick", StepState.COMPLETED, 1, 500, 600, null, "[]", "1", null)
        .checkpoint(1, "STEP", "tick", StepState.COMPLETED, 1, 600, 700, null, "[]", "2", null)
        .event(0, "step.started", "tick", 1, "local")
        .event(100, "step.failed", "tick", 1, "down")
        .event(400, "run.requeued", null, 0, "")
        .event(500, "step.started", "tick", 1, "local")
        .event(600, "step.completed", "tick", 1, null)
        .event(600, "step.started", "tick", 1, "local")
        .event(700, "step.completed", "tick", 1, null);

    List<Row> rows = f.built(RunState.COMPLETED, 700, null, 800).rows();

    assertEquals(List.of(Kind.ATTEMPT, Kind.ATTEMPT), kinds(rows.get(0)));
    assertBar(rows.get(0).bars().get(0), 0, 100);
    assertTrue(rows.get(0).bars().get(0).failed());
    assertBar(rows.get(0).bars().get(1), 500, 600);
    assertBar(only(rows.get(1).bars()), 600, 700);
  }

  @Test
  void aStepWaitingForAQueueSlotShowsTheWait() {
    TimelineFixture f = new TimelineFixture("q");
    f.event(0, "step.queued", "call", 1, "waiting for a slot of queue 'llm'")
        .checkpoint(0, "STEP", "call", StepState.COMPLETED, 1, 700, 900, null, "[]", "1", null)
        .event(700, "step.started", "call", 1, "local, in queue 'llm'")
        .event(900, "step.completed", "call", 1, null);

    Row row = only(f.built(RunState.COMPLETED, 900, null, 1000).rows());

    assertEquals(List.of(Kind.SLOT, Kind.ATTEMPT), kinds(row));
    assertBar(row.bars().get(0), 0, 700);
  }

  private static List<Kind> kinds(Row row) {
    return row.bars().stream().map(Bar::kind).toList();
  }

  private static <T> T only(List<T> list) {
    assertEquals(1, list.size(), list.toString());
    return list.get(0);
  }

  private static void assertBar(Bar bar, long startMs, long endMs) {
    assertEquals(at(startMs), bar.start(), "start of " + bar);
    assertEquals(at(endMs), bar.end(), "end of " + bar);
    assertFalse(bar.label().isEmpty());
  }
}
