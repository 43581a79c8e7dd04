package dev.durable.runtime.internal.store.sql;

import dev.durable.runtime.internal.model.Commit;
import dev.durable.runtime.internal.model.TaskStatus;
import java.util.ArrayList;
import java.util.List;

/**
 * A commit with its writes ({@code ProgressWriter}), and how many parameters its statement in one
 * text binds, as its statements say.
 */
public record TurnProgress(Commit commit, List<ProgressWrite> writes, int parameters) {

  /**
   * Whether any of {@code commits} queues a task for any worker to claim, so that workers must be
   * told; a task claimed already by a worker of this process is handed to it in process.
   */
  public static boolean queuesTasks(List<TurnProgress> turns) {
    return turns.stream().flatMap(turn -> turn.commit().tasks().stream())
        .anyMatch(task -> task.status() == TaskStatus.QUEUED);
  }

  /**
   * The runs of {@code turns} whose readers of events and streams in other processes are told at
   * the commit ({@link Commit#announcesValues}). Told also where a fence failed: a reader told
   * for nothing reads once more.
   */
  public static List<String> announcing(List<TurnProgress> turns) {
    List<String> runIds = List.of(); // a loop, not a stream: asked for every batch of commits
    for (TurnProgress turn : turns) {
      if (turn.commit().announcesValues()) {
        if (runIds.isEmpty()) {
          runIds = new ArrayList<>();
        }
        runIds.add(turn.commit().fence().runId());
      }
    }
    return runIds;
  }
}
