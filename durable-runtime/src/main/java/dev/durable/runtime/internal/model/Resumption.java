package dev.durable.runtime.internal.model;

import java.util.List;

/**
 * What a turn of a claimed run reads before it replays: the run's checkpoints, in order, and the
 * tasks (not given up) of its dispatched steps that wait for a worker, oldest first.
 */
public record Resumption(List<CheckpointRecord> checkpoints, List<TaskRecord> waitingTasks) {
  public Resumption {
    checkpoints = List.copyOf(checkpoints);
    waitingTasks = List.copyOf(waitingTasks);
  }
}
