package dev.durable.runtime.internal.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.RunError;
import dev.durable.runtime.RunState;
import dev.durable.runtime.StepState;
import dev.durable.runtime.internal.model.CheckpointKind;
import dev.durable.runtime.internal.model.CheckpointRecord;
import dev.durable.runtime.internal.model.Commit;
import dev.durable.runtime.internal.model.EventType;
import dev.durable.runtime.internal.model.NewRun;
import dev.durable.runtime.internal.model.RunChange;
import dev.durable.runtime.internal.model.RunRecord;
import dev.durable.runtime.internal.model.RunSnapshot;
import dev.durable.runtime.internal.model.TaskRecord;
import dev.durable.runtime.internal.model.WorkflowKey;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The store's own promises, on a private in-memory H2 database: writes are fenced by the run's
 * epoch, a claim leases a due run once and moves its epoch on, a cancel or a requeue fences out the
 * turn in flight, and a snapshot reads a run with its checkpoints. (The behaviour tests run the
 * same store, on H2 and PostgreSQL, through the engine.)
 */
class StoreTest {
  private static final WorkflowKey WORKFLOW = new WorkflowKey("wf", "1");
  private static final Instant T0 = Instant.parse("2026-01-05T09:00:00Z");

  private JdbcDataSource dataSource;
  private Stores store;

  @BeforeEach
  void openStore() {
    dataSource = new JdbcDataSource();
    dataSource.setURL("jdbc:h2:mem:store-test-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
    store = new Stores(dataSource);
    store.migrate();
  }

  private RunRecord startAndClaim(String runId) {
    assertTrue(store.runs().insertRuns(List.of(new NewRun(runId, WORKFLOW, "[]", T0, null, null,
        null,
        null, null, List.of(EventType.RUN_CREATED.run(null, T0)), null)))[0]);
    List<RunRecord> claimed =
        store.runs().claimDue(T0, List.of(WORKFLOW), 10, "engine-a", T0.plusSeconds(30));
    assertEquals(1, claimed.size());
    return claimed.get(0);
  }

  private CheckpointRecord checkpoint(String runId, StepState status, String output) {
    return new CheckpointRecord(runId, 0, CheckpointKind.STEP, "charge", status, 1, "[]", output,
        null, null, T0, T0);
  }

  @Test
  void aDueRunIsClaimedOnceAndItsEpochMovesOn() {
    RunRecord claimed = startAndClaim("r");
    assertEquals(RunState.RUNNING, claimed.status());
    assertEquals("engine-a", claimed.leaseOwner());
    assertEquals(List.of(),
        store.runs().claimDue(T0, List.of(WORKFLOW), 10, "engine-b", T0.plusSeconds(30)),
        "a leased run is not due before its lease ends");

    List<RunRecord> taken =
        store.runs().claimDue(T0.plusSeconds(31), List.of(WORKFLOW), 10, "engine-b",
            T0.plusSeconds(61));
    assertEquals(1, taken.size(), "an expired lease is taken over");
    assertTrue(taken.get(0).epoch() > claimed.epoch());
  }

  @Test
  void aWriteUnderAnOldEpochIsRefusedAndWritesNothing() {
    RunRecord first = startAndClaim("r");
    store.runs().claimDue(T0.plusSeconds(31), List.of(WORKFLOW), 10, "engine-b",
        T0.plusSeconds(61));

    boolean[] written = store.runs().commit(List.of(new Commit(first.fence(),
        RunChange.completed("1"),
        List.of(new Commit.CheckpointWrite(checkpoint("r", StepState.COMPLETED, "1"), true)),
        List.of(EventType.RUN_COMPLETED.run(null, T0)))), T0).written();

    assertFalse(written[0]);
    assertEquals(List.of(), store.runs().checkpoints("r"));
    assertEquals(RunState.RUNNING, store.runs().findRun("r").orElseThrow().status());
  }

  @Test
  void aCommitWritesTheRunItsCheckpointsAndItsEventsTogether() {
    RunRecord run = startAndClaim("r");
    boolean[] written = store.runs().commit(List.of(new Commit(run.fence(),
        RunChange.completed("\"ok\""),
        List.of(new Commit.CheckpointWrite(checkpoint("r", StepState.COMPLETED, "1"), true)),
        List.of(EventType.STEP_COMPLETED.step("charge", 1, null, T0),
            EventType.RUN_COMPLETED.run(null, T0)))), T0).written();

    assertTrue(written[0]);
    RunSnapshot snapshot = store.runs().snapshot("r").orElseThrow();
    assertEquals(RunState.COMPLETED, snapshot.run().status());
    assertEquals("\"ok\"", snapshot.run().output());
    assertEquals(List.of(StepState.COMPLETED),
        snapshot.checkpoints().stream().map(CheckpointRecord::status).toList());
    assertEquals(List.of("run.created", "run.claimed", "step.completed", "run.completed"),
        store.runs().history("r").stream().map(event -> event.type()).toList());
  }

  @Test
  void aCancelFencesOutTheTurnInFlightAndGivesUpItsOpenTasks() throws SQLException {
    RunRecord run = startAndClaim("r");
    assertTrue(store.runs().commit(List.of(new Commit(run.fence(), RunChange.sleeping(null, null),
        List.of(new Commit.CheckpointWrite(checkpoint("r", StepState.PENDING, null), true)),
        List.of(), List.of(TaskRecord.queued("r/0/1", "r", 0, "charge", 1, "[]", 0, T0)))),
        T0).written()[0]);

    assertEquals(List.of("r"), store.runs().cancel("r", T0));
    assertEquals(List.of(), store.runs().cancel("r", T0), "an ended run is not cancelled again");

    assertFalse(store.runs().commit(List.of(new Commit(run.fence(), RunChange.TOUCH, List.of(),
        List.of())), T0).written()[0], "the turn that was in flight can no longer write");
    assertEquals(RunState.CANCELLED, store.runs().findRun("r").orElseThrow().status());
    assertEquals(List.of(), store.tasks().claim(List.of("charge"), 10, "w", T0),
        "its queued task is given up");
    try (Connection connection = dataSource.getConnection();
        ResultSet rows = connection.createStatement()
            .executeQuery("SELECT status FROM durable_tasks WHERE task_id = 'r/0/1'")) {
      assertTrue(rows.next());
      assertEquals("LOST", rows.getString(1));
    }
    assertEquals(Map.of("r", RunState.CANCELLED), store.runs().steered(List.of("r", "other")));
  }

  @Test
  void manyRunsAreNamedInStatementsOfAThousand() {
    int count = 2 * RunStore.RUNS_PER_STATEMENT + 500;
    List<NewRun> runs = new java.util.ArrayList<>();
    List<String> ids = new java.util.ArrayList<>();
    for (int i = 0; i < count; i++) {
      ids.add("r" + i);
      runs.add(new NewRun("r" + i, WORKFLOW, "[]", T0, null, null, null, null, null,
          List.of(EventType.RUN_CREATED.run(null, T0)), null));
    }
    assertEquals(List.of(1000, 1000, 500),
        RunStore.batches(ids).stream().map(List::size).toList());
    store.runs().insertRuns(runs);
    int claimed = 0;
    for (int more = 1; more > 0; claimed += more) { // a claim takes at most a batch
      more = store.runs()
          .claimDue(T0, List.of(WORKFLOW), count, "engine-a", T0.plusSeconds(30)).size();
    }
    assertEquals(count, claimed);

    store.runs().renewLeases("engine-a", ids, T0.plusSeconds(60));
    assertEquals(List.of(), store.runs().claimDue(T0.plusSeconds(45), List.of(WORKFLOW), count,
        "engine-b", T0.plusSeconds(75)), "every lease renewed, the last batch's too");
    store.runs().cancel("r" + (count - 1), T0);
    assertEquals(Map.of("r" + (count - 1), RunState.CANCELLED), store.runs().steered(ids),
        "a run steered elsewhere is found in the last batch");
  }

  @Test
  void aRequeueGivesAFailedRunsFailedStepAFreshBudgetAndKeepsTheRest() {
    RunRecord run = startAndClaim("r");
    RunError declined = new RunError("declined", "declined", "T", Optional.of("charge"));
    CheckpointRecord failed = new CheckpointRecord("r", 0, CheckpointKind.STEP, "charge",
        StepState.FAILED, 3, "[]", null, declined, null, T0, T0);
    assertTrue(store.runs().commit(List.of(new Commit(run.fence(), RunChange.failed(declined),
        List.of(new Commit.CheckpointWrite(failed, true)), List.of())), T0).written()[0]);
    assertFalse(store.runs().requeue("other", null, null, T0), "an unknown run is not requeued");

    assertTrue(store.runs().requeue("r", null, null, T0));
    RunRecord requeued = store.runs().findRun("r").orElseThrow();
    assertEquals(RunState.PENDING, requeued.status());
    assertEquals(null, requeued.error());
    assertEquals(List.of(), store.runs().checkpoints("r"), "the failed step starts over");
    assertEquals(1, store.runs().claimDue(T0, List.of(WORKFLOW), 10, "engine-a", T0.plusSeconds(30))
        .size(), "and the run is due at once");
  }
}
