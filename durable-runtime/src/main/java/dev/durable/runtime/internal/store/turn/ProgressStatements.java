package dev.durable.runtime.internal.store.turn;

import dev.durable.runtime.internal.model.RunChange;
import dev.durable.runtime.internal.store.run.RunsTable;
import dev.durable.runtime.internal.store.sql.Announcements;
import dev.durable.runtime.internal.store.sql.ProgressWrite;
import dev.durable.runtime.internal.store.sql.Sql;
import dev.durable.runtime.internal.store.sql.TurnProgress;
import dev.durable.runtime.internal.store.sql.Values;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The progress of turns as plain statements ({@link ProgressWrite#plain}), in the caller's
 * transaction: H2's way ({@code Dialect#writeProgress}), and PostgreSQL's with a turn too large for
 * one text. Each commit's run change where its epoch still holds (one batch per kind of change),
 * then each statement of the writes of the commits whose fence held as one batch, in the
 * algorithm's order; then the other processes are told of the tasks queued and the values
 * written ({@link Announcements#progress}, none on H2).
 */
public final class ProgressStatements {
  private final RunsTable runs;
  private final Announcements announcements;

  public ProgressStatements(RunsTable runs, Announcements announcements) {
    this.runs = runs;
    this.announcements = announcements;
  }

  /**
   * Writes {@code turns} on {@code connection}; the caller commits.
   *
   * @param woken set for each turn that suspended its run but found it woken (due at once)
   * @return for each turn, whether its fence held and it was written
   */
  public boolean[] write(Connection connection, List<TurnProgress> turns, Instant now,
      boolean[] woken) throws SQLException {
    boolean[] written = fence(connection, turns, now);
    Map<String, Integer> suspended = new LinkedHashMap<>();
    for (int i = 0; i < turns.size(); i++) {
      woken[i] = false; // a transaction tried again starts afresh
      if (written[i] && turns.get(i).commit().change().kind() == RunChange.Kind.SLEEPING) {
        suspended.put(turns.get(i).commit().fence().runId(), i);
      }
    }
    if (!suspended.isEmpty()) { // read back in this transaction, which holds their rows
      for (String runId : runs.dueAtOnce(connection, suspended.keySet())) {
        woken[suspended.get(runId)] = true;
      }
    }
    Map<Sql, List<ProgressWrite>> batches = new LinkedHashMap<>();
    for (int i = 0; i < turns.size(); i++) {
      if (written[i]) {
        for (ProgressWrite write : turns.get(i).writes()) {
          batches.computeIfAbsent(write.plain(), sql -> new ArrayList<>()).add(write);
        }
      }
    }
    for (Map.Entry<Sql, List<ProgressWrite>> batch : batches.entrySet()) {
      Sql sql = batch.getKey();
      List<String> checks = new ArrayList<>();
      try (PreparedStatement statement = connection.prepareStatement(sql.text())) {
        for (ProgressWrite write : batch.getValue()) {
          for (Values row : write.rows().get()) {
            sql.bind(statement, row);
            statement.addBatch();
            checks.add(write.mustChange());
          }
        }
        int[] counts = statement.executeBatch();
        for (int i = 0; i < counts.length; i++) {
          if (checks.get(i) != null && counts[i] != 1) {
            throw new SQLException(checks.get(i));
          }
        }
      }
    }
    announcements.progress(connection, turns);
    return written;
  }

  /** Applies each commit's run change where its epoch still holds; one batch per kind. */
  private boolean[] fence(Connection connection, List<TurnProgress> turns, Instant now)
      throws SQLException {
    Map<RunChange.Kind, List<Integer>> byKind = new EnumMap<>(RunChange.Kind.class);
    for (int i = 0; i < turns.size(); i++) {
      byKind.computeIfAbsent(turns.get(i).commit().change().kind(), k -> new ArrayList<>())
          .add(i);
    }
    boolean[] written = new boolean[turns.size()];
    for (Map.Entry<RunChange.Kind, List<Integer>> kind : byKind.entrySet()) {
      Sql sql = runs.fences.of(kind.getKey());
      List<Integer> indices = kind.getValue();
      try (PreparedStatement update = connection.prepareStatement(sql.text())) {
        for (int index : indices) {
          sql.bind(update, runs.fences.values(new Values(), turns.get(index).commit(), now));
          update.addBatch();
        }
        int[] counts = update.executeBatch();
        for (int j = 0; j < counts.length; j++) {
          written[indices.get(j)] = counts[j] == 1;
        }
      }
    }
    return written;
  }
}
