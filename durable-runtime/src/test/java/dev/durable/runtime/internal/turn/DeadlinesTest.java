package dev.durable.runtime.internal.turn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.type.TypeFactory;
import dev.durable.runtime.internal.model.TaskRecord;
import dev.durable.runtime.internal.model.TaskStatus;
import dev.durable.runtime.spi.StepType;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** When a dispatched step's task is given up: timed out, or lost and delivered again. */
class DeadlinesTest {
  private static final Instant QUEUED_AT = Instant.parse("2026-01-01T00:00:00Z");
  private static final Instant CLAIMED_AT = QUEUED_AT.plusMillis(300);
  private static final Instant BEAT_AT = QUEUED_AT.plusMillis(2_000);

  @Test
  void theWindowIsTheShorterOfTheLivenessWindowAndTheLease() {
    assertEquals(0, Deadlines.window(step(0, 0, 0)));
    assertEquals(5_000, Deadlines.window(step(5_000, 0, 0)));
    assertEquals(7_000, Deadlines.window(step(0, 0, 7_000)));
    assertEquals(5_000, Deadlines.window(step(5_000, 0, 7_000)));
    assertEquals(3_000, Deadlines.window(step(5_000, 0, 3_000)));
  }

  @Test
  void onTheDurablePathATaskNeverTimesOut() {
    assertNull(Deadlines.timesOutAt(step(0, 0, 0), queued()));
    assertNull(Deadlines.timesOutAt(step(0, 1_000, 0), running(null)));
  }

  @Test
  void aQueuedTaskTimesOutAtItsPickupDeadlineWhichDefaultsToTheWindow() {
    assertEquals(QUEUED_AT.plusMillis(1_000),
        Deadlines.timesOutAt(step(5_000, 1_000, 0), queued()));
    assertEquals(QUEUED_AT.plusMillis(5_000), Deadlines.timesOutAt(step(5_000, 0, 0), queued()));
  }

  @Test
  void aClaimedTaskTimesOutAWindowAfterItsWorkerWasLastHeardFrom() {
    StepType<?> step = step(5_000, 1_000, 0);
    assertEquals(CLAIMED_AT.plusMillis(5_000), Deadlines.timesOutAt(step, running(null)));
    assertEquals(BEAT_AT.plusMillis(5_000), Deadlines.timesOutAt(step, running(BEAT_AT)));
  }

  @Test
  void aTaskIsLostALeaseAfterItsWorkerWasLastHeardFromOrNeverWithoutALease() {
    assertNull(Deadlines.lostAt(step(5_000, 0, 0), running(BEAT_AT)));
    assertEquals(QUEUED_AT.plusMillis(7_000), Deadlines.lostAt(step(0, 0, 7_000), queued()));
    assertEquals(BEAT_AT.plusMillis(7_000), Deadlines.lostAt(step(0, 0, 7_000), running(BEAT_AT)));
  }

  @Test
  void theRunWakesAtTheEarlierOfTimingOutAndBeingLost() {
    assertNull(Deadlines.giveUpAt(step(0, 0, 0), queued()));
    assertEquals(QUEUED_AT.plusMillis(1_000),
        Deadlines.giveUpAt(step(5_000, 1_000, 7_000), queued()));
    assertEquals(BEAT_AT.plusMillis(3_000),
        Deadlines.giveUpAt(step(5_000, 0, 3_000), running(BEAT_AT)));
    assertEquals(BEAT_AT.plusMillis(5_000),
        Deadlines.giveUpAt(step(5_000, 0, 0), running(BEAT_AT)));
    assertEquals(BEAT_AT.plusMillis(3_000),
        Deadlines.giveUpAt(step(0, 0, 3_000), running(BEAT_AT)));
  }

  private static StepType<?> step(long timeoutMs, long pickupTimeoutMs, long leaseMs) {
    StepType.Builder<String> builder = StepType.<String>builder("charge")
        .timeoutMs(timeoutMs)
        .pickupTimeoutMs(pickupTimeoutMs)
        .result(TypeFactory.defaultInstance().constructType(String.class));
    if (leaseMs > 0) {
      builder.remoteRedispatch(leaseMs, 3);
    }
    return builder.build();
  }

  private static TaskRecord queued() {
    return TaskRecord.queued("r/1/1", "r", 1, "charge", 1, "[]", 0, QUEUED_AT);
  }

  private static TaskRecord running(Instant heartbeatAt) {
    return new TaskRecord("r/1/1", "r", 1, "charge", 1, "[]", TaskStatus.RUNNING, null, null, null, null,
        null, "worker-1", QUEUED_AT, CLAIMED_AT, null, heartbeatAt, null, 0, null);
  }
}
