package dev.durable.runtime.internal.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Writes progress with plain statements in the caller's transaction, each kind of statement as
 * one JDBC batch: the run updates (the fence), then checkpoint inserts and updates, the signals
 * they take, then events and tasks. H2 writes all progress so, where statements are in-process calls; PostgreSQL writes
 * so a turn too large for its one-statement batch.
 */
final class PortableProgressWriter {

  private PortableProgressWriter() {}

  /**
   * Writes {@code commits}, each fenced by its run's epoch, on {@code connection}; the caller
   * commits.
   *
   * @return for each commit, whether its fence held and it was written
   */
  static boolean[] write(Connection connection, List<Commit> commits, Instant now)
      throws SQLException {
    boolean[] written = fence(connection, commits, now);
    List<CheckpointRecord> inserts = new ArrayList<>();
    List<CheckpointRecord> updates = new ArrayList<>();
    List<EventsTable.Entry> events = new ArrayList<>();
    List<TaskRecord> tasks = new ArrayList<>();
    List<String> failed = new ArrayList<>();
    List<String> wakes = new ArrayList<>();
    List<Commit.CheckpointWrite> takes = new ArrayList<>();
    for (int i = 0; i < commits.size(); i++) {
      if (!written[i]) {
        continue;
      }
      Commit commit = commits.get(i);
      if (commit.change().kind() == RunChange.Kind.FAILED) {
        failed.add(commit.fence().runId());
      }
      if (commit.wakes() != null) {
        wakes.add(commit.wakes());
      }
      for (Commit.CheckpointWrite checkpoint : commit.checkpoints()) {
        (checkpoint.insert() ? inserts : updates).add(checkpoint.record());
        if (checkpoint.takesSignal() != 0) {
          takes.add(checkpoint);
        }
        // here the events a checkpoint carries are rows of the log, before the commit's own
        for (NewEvent event : checkpoint.carriedEvents()) {
          events.add(new EventsTable.Entry(commit.fence().runId(), event));
        }
      }
      for (NewEvent event : commit.events()) {
        events.add(new EventsTable.Entry(commit.fence().runId(), event));
      }
      tasks.addAll(commit.tasks());
    }
    StepsTable.insert(connection, inserts);
    StepsTable.update(connection, updates);
    SignalsTable.take(connection, takes);
    EventsTable.append(connection, events);
    TasksTable.insert(connection, tasks);
    // a failed run's tasks still open (its run timeout ended it) are given up with it
    for (String runId : failed) {
      TasksTable.giveUpOpen(connection, runId, now);
    }
    for (String runId : wakes) {
      RunsTable.wake(connection, runId, now);
    }
    return written;
  }

  /** Applies each commit's run change where its epoch still holds; one batch per kind. */
  private static boolean[] fence(Connection connection, List<Commit> commits, Instant now)
      throws SQLException {
    Map<RunChange.Kind, List<Integer>> byKind = new EnumMap<>(RunChange.Kind.class);
    for (int i = 0; i < commits.size(); i++) {
      byKind.computeIfAbsent(commits.get(i).change().kind(), k -> new ArrayList<>()).add(i);
    }
    boolean[] written = new boolean[commits.size()];
    for (List<Integer> indices : byKind.values()) {
      Sql sql = RunsTable.fence(commits.get(indices.get(0)).change().kind());
      try (PreparedStatement update = connection.prepareStatement(sql.text())) {
        for (int index : indices) {
          sql.bind(update, RunsTable.fenceValues(new Values(), commits.get(index), now));
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
