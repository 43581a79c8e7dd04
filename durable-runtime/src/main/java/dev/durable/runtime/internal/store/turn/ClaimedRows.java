package dev.durable.runtime.internal.store.turn;

import dev.durable.runtime.internal.model.CheckpointRecord;
import dev.durable.runtime.internal.model.ClaimedRun;
import dev.durable.runtime.internal.model.Resumption;
import dev.durable.runtime.internal.model.TaskRecord;
import dev.durable.runtime.internal.store.run.RunsTable;
import dev.durable.runtime.internal.store.run.StepsTable;
import dev.durable.runtime.internal.store.sql.Round;
import dev.durable.runtime.internal.store.sql.Rows;
import dev.durable.runtime.internal.store.sql.UnreadableRowException;
import dev.durable.runtime.internal.store.task.TasksTable;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reading what a claim statement returned ({@code PostgresClaims} and the claims like it):
 * the runs claimed, each with its state before the claim, and, where the claim's text read them
 * too ({@link StepsTable#ofJustClaimed}, {@link TasksTable#waitingOfJustClaimed}), the
 * checkpoints and waiting tasks their turns resume from.
 */
public final class ClaimedRows {
  private final RunsTable runs;
  private final StepsTable steps;
  private final TasksTable tasks;
  private final Round.Statements reads;

  public ClaimedRows(RunsTable runs, StepsTable steps, TasksTable tasks) {
    this.runs = runs;
    this.steps = steps;
    this.tasks = tasks;
    this.reads = Round.Statements.of(steps.ofJustClaimed, tasks.waitingOfJustClaimed);
  }

  /** The checkpoints and waiting tasks of the runs a claim just leased, after its statement. */
  public Round.Statements reads() {
    return reads;
  }

  /**
   * The runs {@code claimed}, each with its checkpoints and waiting tasks, the next two results of
   * {@code reads} ({@link #reads}).
   */
  public List<ClaimedRun> withReads(List<ClaimedRun> claimed, Round reads) throws SQLException {
    Map<String, List<CheckpointRecord>> checkpoints = new HashMap<>();
    Map<String, List<TaskRecord>> waiting = new HashMap<>();
    Set<String> unreadable = new HashSet<>();
    try (ResultSet rows = reads.rows()) {
      while (rows.next()) {
        readInto(checkpoints, unreadable, rows.getString(1), () -> steps.read(rows, false));
      }
    }
    try (ResultSet rows = reads.rows()) {
      while (rows.next()) {
        readInto(waiting, unreadable, rows.getString(2), () -> tasks.task(rows));
      }
    }
    // a run with a row that does not read is left for its turn to read, and to fail visibly
    return claimed.stream().map(run -> {
      String runId = run.run().runId();
      return unreadable.contains(runId) ? run : run.resumed(new Resumption(
          checkpoints.getOrDefault(runId, List.of()), waiting.getOrDefault(runId, List.of())));
    }).toList();
  }

  /** A row's reading, which may find it unreadable. */
  private interface RowReader<T> {
    public T read() throws SQLException;
  }

  /**
   * Reads a row of run {@code runId} into its list in {@code byRun}, or, if it does not read,
   * marks the run {@code unreadable}: the claim goes on for the other runs.
   */
  private static <T> void readInto(
      Map<String, List<T>> byRun, Set<String> unreadable, String runId, RowReader<T> row)
      throws SQLException {
    try {
      byRun.computeIfAbsent(runId, id -> new ArrayList<>()).add(row.read());
    } catch (UnreadableRowException e) {
      unreadable.add(runId);
    }
  }

  /** The runs a claim statement returned; their resumptions are the turns' to read. */
  public List<ClaimedRun> read(ResultSet rows) throws SQLException {
    List<ClaimedRun> claimed = new ArrayList<>();
    while (rows.next()) {
      claimed.add(new ClaimedRun(
          runs.read(rows, 1),
          Rows.instant(rows, rows.findColumn("previous_due")),
          ClaimedRun.takeover(rows.getString("previous_status"),
              rows.getString("previous_owner"),
              Rows.instant(rows, rows.findColumn("previous_updated"))),
          null));
    }
    return claimed;
  }
}
