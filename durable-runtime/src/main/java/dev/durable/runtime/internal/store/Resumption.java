package dev.durable.runtime.internal.store;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

/**
 * What a turn of a claimed run reads before it replays: the run's checkpoints, in order, and the
 * tasks (not given up) of its dispatched steps that wait for a worker, oldest first.
 */
public record Resumption(List<CheckpointRecord> checkpoints, List<TaskRecord> waitingTasks) {
  /** The two reads: one round trip in one text. */
  private static final Round.Statements READS =
      Round.Statements.of(StepsTable.SELECT, TasksTable.WAITING);

  public Resumption {
    checkpoints = List.copyOf(checkpoints);
    waitingTasks = List.copyOf(waitingTasks);
  }

  /** Run {@code runId}'s resumption, read on {@code connection}. */
  static Resumption read(Connection connection, Dialect.Form form, String runId)
      throws SQLException {
    try (Round round = Round.send(connection, form, READS, new Values().string("runId", runId))) {
      List<CheckpointRecord> checkpoints;
      try (ResultSet rows = round.rows()) {
        checkpoints = StepsTable.readAll(rows);
      }
      try (ResultSet rows = round.rows()) {
        return new Resumption(checkpoints, TasksTable.readAll(rows));
      }
    }
  }
}
