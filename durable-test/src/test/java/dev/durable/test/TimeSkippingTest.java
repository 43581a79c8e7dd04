package dev.durable.test;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.durable.runtime.HistoryEvent;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunState;
import dev.durable.test.workflows.ReminderWorkflow;
import dev.durable.test.workflows.ReminderWorkflowClient;
import dev.durable.test.workflows.ReminderWorkflowDurable;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Durable sleeps of hours and days pass with {@code advance}, in the order they come due. */
@DurableTest
class TimeSkippingTest {
  private final ReminderWorkflowDurable reminders = new ReminderWorkflowDurable();
  private RunHandle<String> run;

  @BeforeEach
  void startARun(DurableTestEnv env) {
    env.register(reminders);
    run = ReminderWorkflowClient.of(env.engine()).start("ada");
  }

  @Test
  void aSleepingRunWaitsUntilTheClockIsMovedPastItsWakeUp(DurableTestEnv env) {
    env.runUntilIdle();
    assertEquals(RunState.SLEEPING, run.status().run().status());
    assertEquals(DurableTestEnv.START.plus(ReminderWorkflow.FIRST), run.status().run().wakeAt());

    env.advance(ReminderWorkflow.FIRST.minusSeconds(1));
    assertEquals(List.of(), reminders.sent, "a second early, nothing is sent");

    env.advance(Duration.ofSeconds(1));
    assertEquals(List.of("ada #1"), reminders.sent);
    assertEquals(RunState.SLEEPING, run.status().run().status());

    env.advance(ReminderWorkflow.SECOND);
    assertEquals("reminded ada #1, reminded ada #2", run.await(Duration.ofSeconds(1)));
  }

  @Test
  void oneLongAdvanceWakesEachSleepOnTimeInTurn(DurableTestEnv env) {
    env.advance(Duration.ofDays(7));

    assertEquals("reminded ada #1, reminded ada #2", run.await(Duration.ofSeconds(1)));
    assertEquals(DurableTestEnv.START.plus(Duration.ofDays(7)), env.clock().instant());
    // each reminder went out when its sleep ended, not when the week was over
    List<Instant> sentAt = env.history(run.id()).events("step.completed remind").stream()
        .map(HistoryEvent::at).toList();
    Instant first = DurableTestEnv.START.plus(ReminderWorkflow.FIRST);
    assertEquals(List.of(first, first.plus(ReminderWorkflow.SECOND)), sentAt);
  }
}
