package dev.durable.runtime.internal.store.turn;

import dev.durable.runtime.internal.model.CheckpointRecord;
import dev.durable.runtime.internal.model.Resumption;
import dev.durable.runtime.internal.store.run.StepsTable;
import dev.durable.runtime.internal.store.sql.Dialect;
import dev.durable.runtime.internal.store.sql.Round;
import dev.durable.runtime.internal.store.sql.Values;
import dev.durable.runtime.internal.store.task.TasksTable;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

/** Reading a claimed run's {@link Resumption}: its checkpoints and its tasks that wait. */
public final class Resumptions {
  private final Dialect dialect;
  /** The two reads, which the dialect sends in one round trip on PostgreSQL. */
  private final Round.Statements reads;

  private final StepsTable steps;
  private final TasksTable tasks;

  public Resumptions(Dialect dialect, StepsTable steps, TasksTable tasks) {
    this.dialect = dialect;
    this.steps = steps;
    this.tasks = tasks;
    this.reads = Round.Statements.of(steps.select, tasks.waiting);
  }

  /** Run {@code runId}'s resumption, read on {@code connection}. */
  public Resumption read(Connection connection, String runId) throws SQLException {
    try (Round round = dialect.send(connection, reads, new Values().string("runId", runId))) {
      List<CheckpointRecord> checkpoints;
      try (ResultSet rows = round.rows()) {
        checkpoints = steps.readAll(rows);
      }
      try (ResultSet rows = round.rows()) {
        return new Resumption(checkpoints, tasks.readAll(rows));
      }
    }
  }
}
