package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.FatalError;
import dev.durable.runtime.RunFailedException;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunState;
import dev.durable.runtime.RunStatus;
import dev.durable.runtime.StepState;
import dev.durable.runtime.StoreException;
import dev.durable.tests.support.Await;
import dev.durable.tests.workflows.EchoWorkflow;
import dev.durable.tests.workflows.EchoWorkflowClient;
import dev.durable.tests.workflows.EchoWorkflowDurable;
import dev.durable.tests.workflows.Order;
import dev.durable.tests.workflows.PricingStepsDispatch;
import dev.durable.tests.workflows.RemoteOrderWorkflowClient;
import dev.durable.tests.workflows.RemoteOrderWorkflowDurable;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

/**
 * Bad data: what the database refuses to store, or stores and the engine cannot read back. Such a
 * write or read fails the same way every time, so it must fail its one run (or its step, through
 * the retry path) with a message that says what is wrong, never be retried as an outage, never
 * run a step body again, and never fail the runs written or read together with it.
 */
class BadDataTest extends OnEachStore {
  private static final String NUL = "upstream said: bad\u0000byte";

  private DurableEngine engine() {
    return db.engine().clock(clock).register(new EchoWorkflowDurable(script)).build();
  }

  @Test
  void aStepErrorWithANulCharacterIsRetriedThenFailsTheRunWithTheCharacterEscaped() {
    script.failWith("echo", 99, () -> new IllegalStateException(NUL));
    try (DurableEngine engine = engine()) {
      engine.start();
      RunHandle<String> run = EchoWorkflowClient.of(engine).start("r", "hello");

      RunFailedException failed = assertThrows(RunFailedException.class, () -> run.await(WAIT));
      assertEquals("step_failed", failed.code());
      assertEquals("upstream said: bad\\u0000byte", failed.error().message());
      assertEquals(3, script.executions("echo"), "three attempts, as declared, and no more");
      assertEquals(StepState.FAILED, run.status().steps().get(0).status());
    }
  }

  @Test
  void aFatalErrorWithANulCharacterFailsTheRunAfterOneAttempt() {
    script.failWith("echo", 99, () -> new FatalError(NUL, "bad\u0000code"));
    try (DurableEngine engine = engine()) {
      engine.start();
      RunHandle<String> run = EchoWorkflowClient.of(engine).start("r", "hello");

      RunFailedException failed = assertThrows(RunFailedException.class, () -> run.await(WAIT));
      assertEquals("bad\\u0000code", failed.code());
      assertEquals(1, script.executions("echo"), "a fatal error is never retried");
    }
  }

  @Test
  void aFatalErrorWithACodeLongerThanItsColumnFailsTheRunWithTheCodeCut() {
    String code = "c".repeat(309);
    script.failWith("echo", 99, () -> new FatalError("declined", code));
    try (DurableEngine engine = engine()) {
      engine.start();
      RunHandle<String> run = EchoWorkflowClient.of(engine).start("r", "hello");

      RunFailedException failed = assertThrows(RunFailedException.class, () -> run.await(WAIT));
      assertTrue(failed.code().length() <= 200, failed.code());
      assertTrue(failed.code().startsWith("c".repeat(150)), failed.code());
      assertTrue(failed.code().endsWith(" more characters cut]"), failed.code());
      assertEquals(1, script.executions("echo"), "a fatal error is never retried");
    }
  }

  @Test
  void anOverlongStepErrorIsCutWithAMarker() {
    script.failWith("echo", 99, () -> new FatalError("x".repeat(100_000), "huge"));
    try (DurableEngine engine = engine()) {
      engine.start();
      RunHandle<String> run = EchoWorkflowClient.of(engine).start("r", "hello");

      RunFailedException failed = assertThrows(RunFailedException.class, () -> run.await(WAIT));
      String message = failed.error().message();
      assertTrue(message.length() <= 8_000, "cut to 8,000 characters, was " + message.length());
      assertTrue(message.endsWith(" more characters cut]"), message.substring(7_900));
    }
  }

  /**
   * A write the database refuses (here a constraint of the test's own on the step's output) fails
   * its run with {@code storage_refused}, once, and the runs whose progress was batched in the same
   * commit are written all the same.
   */
  @Test
  void aRefusedWriteFailsItsRunOnlyAndNeverRunsTheStepAgain() throws Exception {
    try (DurableEngine engine = db.engine().clock(clock).maxConcurrentRuns(32)
        .register(new EchoWorkflowDurable(script)).build()) {
      db.execute("ALTER TABLE durable_steps ADD CONSTRAINT no_poison"
          + " CHECK (output IS NULL OR output NOT LIKE '%poison%')");
      engine.start();
      List<RunHandle<String>> runs = concurrently(120, i -> {
        String text = i % 20 == 7 ? "poison-" + i : "fine-" + i;
        return () -> EchoWorkflowClient.of(engine).start(text, text);
      });

      for (RunHandle<String> run : runs) {
        String id = run.id();
        if (id.startsWith("poison")) {
          RunFailedException failed =
              assertThrows(RunFailedException.class, () -> run.await(WAIT), id);
          assertEquals("storage_refused", failed.code(), failed.getMessage());
          assertTrue(failed.getMessage().startsWith("the database refused to store the progress of"
              + " run " + id + ", and would refuse it again: "), failed.getMessage());
          assertTrue(failed.getMessage().contains("no_poison")
              || failed.getMessage().toLowerCase().contains("check"), failed.getMessage());
        } else {
          assertEquals(id, run.await(WAIT));
        }
        assertEquals(1, script.executions("echo:" + id), "the step of " + id + " ran once");
      }
    }
  }

  /** Starts that the database would refuse fail alone: the starts batched with them are made. */
  @Test
  void aStartTheDatabaseRefusesFailsAloneAndTheStartsBatchedWithItAreMade() throws Exception {
    try (DurableEngine engine = engine()) {
      db.execute("ALTER TABLE durable_runs ADD CONSTRAINT no_poison"
          + " CHECK (input IS NULL OR input NOT LIKE '%poison%')");
      List<String> outcomes = concurrently(400, i -> {
        String text = i % 20 == 3 ? "poison-" + i : "fine-" + i;
        return () -> {
          try {
            return EchoWorkflowClient.of(engine).start(text, text).id();
          } catch (StoreException e) {
            return "refused: " + text + (e.isPermanent() ? " for good: " : ": ") + e.getMessage();
          }
        };
      });
      for (String outcome : outcomes) {
        if (outcome.contains("poison")) {
          assertTrue(outcome.startsWith("refused: poison-"), outcome);
          assertTrue(outcome.contains(" for good: "), "StoreException.isPermanent(): " + outcome);
          assertTrue(outcome.contains("the database refused it"), outcome);
        } else {
          assertFalse(outcome.startsWith("refused"), outcome);
        }
      }
      assertEquals(380L, db.queryLong("SELECT COUNT(*) FROM durable_runs"));
    }
  }

  @Test
  void aRunIdWithANulCharacterIsRefusedAtStartAndTheOthersAreMade() throws Exception {
    try (DurableEngine engine = engine()) {
      List<String> outcomes = concurrently(400, i -> {
        String id = i % 20 == 3 ? "bad\u0000id-" + i : "id-" + i;
        return () -> {
          try {
            return EchoWorkflowClient.of(engine).start(id, "x").id();
          } catch (IllegalArgumentException e) {
            return "refused: " + e.getMessage();
          }
        };
      });
      int refused = 0;
      for (String outcome : outcomes) {
        if (outcome.startsWith("refused")) {
          refused++;
          assertTrue(outcome.contains("must not contain control characters"), outcome);
          assertTrue(outcome.contains("U+0000"), outcome);
        }
      }
      assertEquals(20, refused);
      assertEquals(380L, db.queryLong("SELECT COUNT(*) FROM durable_runs"));
    }
  }

  @Test
  void aRunIdWithALoneSurrogateIsRefusedAtStart() {
    try (DurableEngine engine = engine()) {
      IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
          () -> EchoWorkflowClient.of(engine).start("order-\ud83d", "x"));
      assertTrue(refused.getMessage().contains("has a lone surrogate"), refused.getMessage());
      assertEquals(0L, db.queryLong("SELECT COUNT(*) FROM durable_runs"), "nothing was stored");
    }
  }

  /** A run's result the database refuses fails the run, once, with what the database said. */
  @Test
  void aRunResultTheDatabaseRefusesFailsTheRunWithoutRunningItsStepAgain() {
    try (DurableEngine engine = engine()) {
      db.execute("ALTER TABLE durable_runs ADD CONSTRAINT no_poison"
          + " CHECK (output IS NULL OR output NOT LIKE '%poison%')");
      RunHandle<String> run = EchoWorkflowClient.of(engine).start("r", "poison");
      engine.tick();

      RunFailedException failed = assertThrows(RunFailedException.class, () -> run.await(WAIT));
      assertEquals("storage_refused", failed.code(), failed.getMessage());
      engine.tick();
      assertEquals(1, script.executions("echo"), "the step ran once");
      assertEquals(RunState.FAILED, engine.getRunStatus("r").run().status());
    }
  }

  /**
   * A checkpoint whose status this version does not know: the status API reports the step as
   * failed with what is wrong, and the engine fails the run when it next takes it up, once.
   */
  @Test
  void aCheckpointWithAnUnknownStatusFailsItsRunVisiblyAndTheStatusApiReportsIt() {
    try (DurableEngine engine = engine()) {
      engine.start();
      RunHandle<String> run = EchoWorkflowClient.of(engine).start("r", "nap");
      Await.until("the run naps", () -> run.status().run().status() == RunState.SLEEPING);
      db.execute("UPDATE durable_steps SET status = 'BOGUS' WHERE run_id = 'r' AND seq = 0");

      RunStatus status = run.status();
      assertEquals(StepState.FAILED, status.steps().get(0).status());
      assertTrue(status.steps().get(0).error().startsWith("durable_steps.status of step 'echo' at"
          + " position 0 of run r is 'BOGUS', which is not one of ["), status.steps().get(0).error());

      clock.advance(EchoWorkflow.NAP);
      RunFailedException failed = assertThrows(RunFailedException.class, () -> run.await(WAIT));
      assertEquals("storage_unreadable", failed.code());
      assertTrue(failed.getMessage().contains("'BOGUS'"), failed.getMessage());
      assertTrue(failed.getMessage().contains("correct the row and requeue the run, or cancel it"),
          failed.getMessage());
      assertEquals(RunState.FAILED, engine.getRunStatus("r").run().status());
      assertEquals(1, script.executions("echo"));
    }
  }

  /** A dispatched step's task whose status this version does not know fails its run, once. */
  @Test
  void aTaskWithAnUnknownStatusFailsItsRunVisibly() {
    try (DurableEngine engine = db.engine().clock(clock)
        .register(new RemoteOrderWorkflowDurable(new PricingStepsDispatch(), script)).build()) {
      RunHandle<String> run = RemoteOrderWorkflowClient.of(engine).start(new Order("lamp", 1));
      engine.tick();
      assertEquals(RunState.SLEEPING, run.status().run().status(), "waiting for a worker");
      db.execute("UPDATE durable_tasks SET status = 'BOGUS'");
      db.execute("UPDATE durable_runs SET status = 'PENDING', due_at = updated_at");
      engine.tick();

      RunFailedException failed = assertThrows(RunFailedException.class, () -> run.await(WAIT));
      assertEquals("storage_unreadable", failed.code());
      assertTrue(failed.getMessage().contains("durable_tasks.status of task " + run.id()
          + "/0/1 is 'BOGUS', which is not one of [QUEUED, RUNNING, SUCCEEDED, FAILED, LOST]"),
          failed.getMessage());
    }
  }

  /**
   * A poll claims the due runs together (and on PostgreSQL reads what their turns need with the
   * claim): a row of one that does not read fails that run alone, and the others go on.
   */
  @Test
  void anUnreadableRowFailsItsRunAloneAmongTheRunsClaimedWithIt() {
    try (DurableEngine engine = db.engine().clock(clock)
        .register(new RemoteOrderWorkflowDurable(new PricingStepsDispatch(), script)).build()) {
      RunHandle<String> bad = RemoteOrderWorkflowClient.of(engine).start(new Order("lamp", 1));
      RunHandle<String> good = RemoteOrderWorkflowClient.of(engine).start(new Order("desk", 2));
      engine.tick();
      assertEquals(RunState.SLEEPING, good.status().run().status(), "waiting for a worker");
      db.execute("UPDATE durable_tasks SET status = 'BOGUS' WHERE run_id = '" + bad.id() + "'");
      db.execute("UPDATE durable_runs SET status = 'PENDING', due_at = updated_at");
      engine.start();

      RunFailedException failed = assertThrows(RunFailedException.class, () -> bad.await(WAIT));
      assertEquals("storage_unreadable", failed.code());
      Await.until("the other run waits for its worker again", () -> {
        RunStatus status = good.status();
        return status.run().status() == RunState.SLEEPING && status.run().wakeAt() == null;
      });
    }
  }

  @Test
  void aRunWithAnUnknownStatusIsReportedFailedByTheStatusApiAndAwait() {
    try (DurableEngine engine = engine()) {
      RunHandle<String> run = EchoWorkflowClient.of(engine).start("r", "hello");
      db.execute("UPDATE durable_runs SET status = 'BOGUS', due_at = NULL WHERE run_id = 'r'");

      RunStatus status = engine.getRunStatus("r");
      assertEquals(RunState.FAILED, status.run().status());
      RunFailedException failed = assertThrows(RunFailedException.class, () -> run.await(WAIT));
      assertEquals("storage_unreadable", failed.code());
      assertTrue(failed.getMessage().startsWith("durable_runs.status of run r is 'BOGUS'"),
          failed.getMessage());
    }
  }

  /** Runs {@code count} calls on 16 client threads at once; their results in order. */
  private static <T> List<T> concurrently(int count, IntFunction<Callable<T>> call)
      throws Exception {
    ExecutorService clients = Executors.newFixedThreadPool(16);
    try {
      List<Future<T>> calls = new ArrayList<>();
      for (int i = 0; i < count; i++) {
        calls.add(clients.submit(call.apply(i)));
      }
      List<T> results = new ArrayList<>();
      for (Future<T> result : calls) {
        results.add(result.get());
      }
      return results;
    } finally {
      clients.shutdownNow();
    }
  }
}
