package dev.durable.runtime.internal.turn;

import dev.durable.runtime.internal.model.TaskRecord;
import dev.durable.runtime.internal.model.TaskStatus;
import dev.durable.runtime.spi.StepType;
import java.time.Instant;

/**
 * When a dispatched step's open task is given up: timed out on the liveness path (its pickup
 * deadline while queued, else its worker's silence past {@code timeoutMs}), or lost past its lease
 * ({@code remoteRedispatchMs}) and delivered again. Pure arithmetic on the step and the task.
 */
final class Deadlines {
  private Deadlines() {}

  /**
   * The longest a dispatched step's worker may stay silent before its task is given up: the
   * shorter of its liveness window and its lost-task lease; 0 = neither.
   */
  static long window(StepType<?> step) {
    long timeout = step.timeoutMs();
    long lease = step.remoteRedispatchMs();
    if (timeout > 0 && lease > 0) {
      return Math.min(timeout, lease);
    }
    return Math.max(timeout, lease);
  }

  /**
   * When an open task times out (liveness path): its pickup deadline while queued, else its
   * worker's last beat plus the window; null on the durable path.
   */
  static Instant timesOutAt(StepType<?> step, TaskRecord task) {
    if (step.timeoutMs() <= 0) {
      return null;
    }
    if (task.status() == TaskStatus.QUEUED) {
      return task.createdAt().plusMillis(pickupTimeoutMs(step));
    }
    return task.lastHeard().plusMillis(step.timeoutMs());
  }

  /** How long a task of the liveness path may wait for a worker: 0 means as long as its window. */
  static long pickupTimeoutMs(StepType<?> step) {
    return step.pickupTimeoutMs() > 0 ? step.pickupTimeoutMs() : step.timeoutMs();
  }

  /** When an open task is given up as lost and delivered again; null: never. */
  static Instant lostAt(StepType<?> step, TaskRecord task) {
    return step.remoteRedispatchMs() > 0
        ? task.lastHeard().plusMillis(step.remoteRedispatchMs())
        : null;
  }

  /** The earlier of {@link #timesOutAt} and {@link #lostAt}: when the waiting run must wake. */
  static Instant giveUpAt(StepType<?> step, TaskRecord task) {
    Instant timeout = timesOutAt(step, task);
    Instant lost = lostAt(step, task);
    if (timeout == null || lost != null && lost.isBefore(timeout)) {
      return lost;
    }
    return timeout;
  }
}
