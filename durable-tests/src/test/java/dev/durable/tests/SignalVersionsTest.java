package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.InvalidInputException;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunState;
import dev.durable.tests.workflows.ApprovalV1Client;
import dev.durable.tests.workflows.ApprovalV1Durable;
import dev.durable.tests.workflows.ApprovalV2Client;
import dev.durable.tests.workflows.ApprovalV2Durable;
import org.junit.jupiter.api.Test;

/**
 * Signals sent through one version's client to runs of another version of the workflow: taken by
 * the run, unless the value does not fit the signal of the run's version.
 */
class SignalVersionsTest extends OnEachStore {
  private DurableEngine engine() {
    return db.engine().clock(clock)
        .register(new ApprovalV1Durable())
        .register(new ApprovalV2Durable()).build();
  }

  @Test
  void aSignalSentThroughTheOlderVersionsClientReachesARunOfTheNewerVersion() {
    try (DurableEngine engine = engine()) {
      RunHandle<String> run = ApprovalV2Client.of(engine).start("order-1");
      engine.tick();
      assertEquals(RunState.SLEEPING, run.status().run().status());

      ApprovalV1Client.of(engine).note(run.id(), "ok by ann");
      engine.tick();

      assertEquals("v2 order-1: ok by ann", run.await(WAIT));
      assertEquals("2", run.status().run().workflowVersion());
    }
  }

  @Test
  void aSignalWhoseValueTypeDiffersInTheRunsVersionIsRefusedAndNothingIsStored() {
    try (DurableEngine engine = engine()) {
      RunHandle<String> run = ApprovalV2Client.of(engine).start("level");
      engine.tick();

      InvalidInputException e = assertThrows(InvalidInputException.class,
          () -> ApprovalV1Client.of(engine).level(run.id(), "high"));
      assertTrue(e.getMessage().startsWith("cannot send signal 'level' of workflow 'approval'"
          + " version '1' to run " + run.id() + ": it is a run of version '2', whose signal"
          + " 'level' carries another type ("), e.getMessage());
      assertTrue(e.getMessage().endsWith("); send it with the client generated for version 2."
          + " Nothing was stored."), e.getMessage());
      assertEquals(0, db.queryLong("SELECT COUNT(*) FROM durable_signals"));
      engine.tick();
      assertEquals(RunState.SLEEPING, run.status().run().status(), "the run still waits");

      ApprovalV2Client.of(engine).level(run.id(), 3);
      engine.tick();
      assertEquals("v2 level 3", run.await(WAIT));
    }
  }
}
