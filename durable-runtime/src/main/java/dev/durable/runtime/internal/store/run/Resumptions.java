package dev.durable.runtime.internal.store.run;

import dev.durable.runtime.internal.model.CheckpointRecord;
import dev.durable.runtime.internal.model.Resumption;
import dev.durable.runtime.internal.store.Tables;
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
  private Resumptions() {}

  /** The two reads, which the dialect sends in one round trip on PostgreSQL. */
  public static Round.Statements reads(Tables tables) {
    return Round.Statements.of(tables.steps().select, tables.tasks().waiting);
  }

  /** Run {@code runId}'s resumption, read on {@code connection} with {@code reads}. */
  public static Resumption read(Connection connection, Dialect dialect, Round.Statements reads,
      String runId) throws SQLException {
    try (Round round = dialect.send(connection, reads, new Values().string("runId", runId))) {
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
