package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.RunFilter;
import dev.durable.runtime.StartOptions;
import dev.durable.tests.workflows.EchoWorkflowClient;
import dev.durable.tests.workflows.EchoWorkflowDurable;
import org.junit.jupiter.api.Test;

/**
 * Run ids a start refuses before anything is stored: those a schedule's runs take ({@code
 * schedule:}), and oversized ones, whose error quotes a short prefix, not the whole id.
 */
class RunIdRulesTest extends OnEachStore {
  private DurableEngine engine() {
    return db.engine().clock(clock).register(new EchoWorkflowDurable(script)).build();
  }

  @Test
  void anIdWithTheSchedulesPrefixIsRefused() {
    try (DurableEngine engine = engine()) {
      String id = "schedule:echo:2026-01-05T10:00:00Z";
      IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
          () -> EchoWorkflowClient.of(engine).start(id, "hi"));
      assertEquals("a run id must not start with 'schedule:', which is kept for the runs"
          + " schedules start, but '" + id + "' does; nothing was stored: choose another id",
          refused.getMessage());
      assertThrows(IllegalArgumentException.class, () -> EchoWorkflowClient.of(engine)
          .start(StartOptions.builder().runId("schedule:x").build(), "hi"));
      assertEquals(0, engine.listRuns(RunFilter.all()).size(), "nothing was stored");
      assertEquals("schedules:not-the-prefix",
          EchoWorkflowClient.of(engine).start("schedules:not-the-prefix", "hi").id());
    }
  }

  @Test
  void aHugeRunIdIsQuotedByAShortPrefixAndItsLength() {
    try (DurableEngine engine = engine()) {
      String id = "x".repeat(100_000);
      String message = assertThrows(IllegalArgumentException.class,
          () -> EchoWorkflowClient.of(engine).start(id, "hi")).getMessage();
      assertTrue(message.length() < 300, message.length() + " characters: " + message);
      assertTrue(message.startsWith("a run id must be 1 to 200 characters, not blank; was '"
          + "x".repeat(60) + "... (100000 characters)'"), message);
      assertEquals(0, engine.listRuns(RunFilter.all()).size(), "nothing was stored");
    }
  }
}
