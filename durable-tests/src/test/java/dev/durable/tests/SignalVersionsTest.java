package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunState;
import dev.durable.tests.workflows.ApprovalV1Client;
import dev.durable.tests.workflows.ApprovalV1Durable;
import dev.durable.tests.workflows.ApprovalV2Client;
import dev.durable.tests.workflows.ApprovalV2Durable;
import org.junit.jupiter.api.Test;

/** Signals sent through one version's client to runs of another version of the workflow. */
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
}
