package dev.durable.runtime.internal.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Writes the progress of turns, each fenced by its run's epoch: one algorithm ({@link #writes}: the
 * run's fence, then its checkpoints and the signals they take, the attributes they record, its
 * events, its tasks, the tasks a failure gives up and the run it wakes, each a statement of its
 * table's catalogue), sent in the dialect's {@link Dialect.Form}: in one text ({@link
 * ProgressText}), or as plain statements in a transaction ({@link #asStatements}: the fences
 * first, each statement as one JDBC batch for every run whose fence held), which is also the
 * one-text form's way with a turn too large for a text.
 */
final class ProgressWriter {
  /**
   * The most parameters one text of a progress batch binds: the driver refuses more than 65,535,
   * and a batch stays well below so that its text stays small too.
   */
  static final int MAX_STATEMENT_PARAMETERS = 30_000;

  private ProgressWriter() {}

  /**
   * Writes the progress of {@code commits}; every turn's writes commit together. In one text, the
   * batch is cut into chunks that stay within {@link #MAX_STATEMENT_PARAMETERS}, each chunk one
   * round trip and one commit; a single turn too large for one text (a fan of thousands of
   * dispatched steps) is written with plain statements in a transaction of its own, and the
   * workers are told of its tasks.
   *
   * @param origin what this process's wake-ups carry ({@link Store#wakeOrigin})
   * @param dueAtOnce given, once its transaction committed, each run that a commit suspended but
   *     found woken ({@code woken_at}): see {@link RunsTable#SLEEP}
   * @return for each commit, whether its fence held and it was written
   */
  static boolean[] write(Transactions transactions, Dialect dialect, String origin,
      List<Commit> commits, Instant now, Consumer<String> dueAtOnce) {
    List<Turn> turns = turns(commits, now);
    if (dialect.form() == Dialect.Form.STATEMENTS) {
      boolean[] woken = new boolean[turns.size()];
      boolean[] written = transactions.inTransaction(
          "record the progress of " + commits.size() + " run(s)", connection -> {
            boolean[] fenced = asStatements(connection, turns, now, woken);
            dialect.announceValues(connection, announcing(turns));
            return fenced;
          });
      tellWoken(turns, woken, dueAtOnce);
      return written;
    }
    boolean[] written = new boolean[commits.size()];
    int from = 0;
    while (from < turns.size()) {
      int to = from;
      int parameters = 0;
      do {
        parameters += turns.get(to++).parameters();
      } while (to < turns.size()
          && parameters + turns.get(to).parameters() <= MAX_STATEMENT_PARAMETERS);
      List<Turn> chunk = turns.subList(from, to);
      String what = "record the progress of " + chunk.size() + " run(s)";
      boolean[] woken = new boolean[chunk.size()];
      boolean[] part = parameters <= MAX_STATEMENT_PARAMETERS
          ? transactions.autocommit(what, connection -> ProgressText.write(
              connection, chunk, origin, now, dialect.notifies(), woken))
          : transactions.inTransaction(what, connection -> {
            boolean[] large = asStatements(connection, chunk, now, woken);
            if (queuesTasks(chunk)) {
              dialect.wakeWorkers(connection);
            }
            dialect.announceValues(connection, announcing(chunk));
            return large;
          });
      System.arraycopy(part, 0, written, from, part.length);
      tellWoken(chunk, woken, dueAtOnce);
      from = to;
    }
    return written;
  }

  /** Gives {@code dueAtOnce} the run of each of {@code turns} marked {@code woken}. */
  private static void tellWoken(List<Turn> turns, boolean[] woken, Consumer<String> dueAtOnce) {
    for (int i = 0; i < woken.length; i++) {
      if (woken[i]) {
        dueAtOnce.accept(turns.get(i).commit().fence().runId());
      }
    }
  }

  /**
   * One write of a commit after its fence: {@code plain} as a statement of its own, binding {@code
   * rows} (each a row of a JDBC batch), or {@code fenced} in the run's one statement, binding
   * {@code values}; null where the write has no such form. {@code mustChange}, if not null, says
   * what went wrong when the write changed no row although the fence held (the fence keeps any
   * other turn from it: an engine bug).
   */
  record Write(
      Sql plain, Sql fenced, Values values, Supplier<List<Values>> rows, String mustChange) {
    Write(Sql plain, Sql fenced, Values values, String mustChange) {
      this(plain, fenced, values, () -> List.of(values), mustChange);
    }
  }

  /** The writes of {@code commit} after its fence, in order: the algorithm of a commit. */
  private static List<Write> writes(Commit commit, Instant now) {
    String runId = commit.fence().runId();
    List<Write> writes = new ArrayList<>();
    List<NewEvent> carried = new ArrayList<>();
    for (Commit.CheckpointWrite write : commit.checkpoints()) {
      if (write.insert()) {
        Values values = StepsTable.insertValues(new Values(), write.record());
        if (write.carriesEvents()) {
          // in one text the checkpoint's row carries its events (the ids numbered for them)
          values.int8("startedEvent", carried.size() + 1);
          carried.addAll(write.carriedEvents());
        }
        writes.add(new Write(StepsTable.INSERT, write.carriesEvents()
            ? StepsTable.INSERT_FENCED_CARRYING : StepsTable.INSERT_FENCED, values, null));
      } else {
        writes.add(new Write(StepsTable.UPDATE, StepsTable.UPDATE_FENCED,
            StepsTable.updateValues(new Values(), write.record()),
            "a checkpoint of run " + runId + " vanished while being updated"));
      }
      if (write.takesSignal() != 0) {
        writes.add(new Write(SignalsTable.TAKE, SignalsTable.TAKE_FENCED,
            SignalsTable.takeValues(new Values(), write), "signal " + write.takesSignal()
                + " of run " + runId + " was taken already, or is gone"));
      }
    }
    attributes(commit).forEach((key, value) -> {
      // a key recorded again replaces its value, not its start value: as plain statements an
      // update, then an insert where the key is new (the batches keep that order); in one text
      // an upsert
      Values values = AttributesTable.values(runId, key, value, now);
      writes.add(new Write(AttributesTable.UPDATE_KEY, null, values, null));
      writes.add(new Write(AttributesTable.INSERT_FROM_RUN, AttributesTable.UPSERT_FENCED, values,
          null));
    });
    if (!carried.isEmpty() || !commit.events().isEmpty()) {
      // as plain statements, the events the checkpoints carry are rows of the log, first
      Supplier<List<Values>> rows = () -> {
        List<Values> all = new ArrayList<>();
        carried.forEach(event -> all.add(EventsTable.values(runId, event)));
        commit.events().forEach(event -> all.add(EventsTable.values(runId, event)));
        return all;
      };
      writes.add(new Write(EventsTable.INSERT,
          commit.events().isEmpty() ? null
              : EventsTable.logFenced(commit.events().size(), carried.size()),
          EventsTable.fencedValues(new Values(), commit.events()), rows, null));
    }
    if (!commit.values().isEmpty()) { // the events set and stream values, in order
      writes.add(new Write(RunValuesTable.INSERT,
          RunValuesTable.insertFenced(commit.values().size()),
          RunValuesTable.fencedValues(new Values(), commit.values()),
          () -> commit.values().stream()
              .map(value -> RunValuesTable.insertValues(new Values(), value)).toList(),
          null));
    }
    for (TaskRecord task : commit.tasks()) {
      writes.add(new Write(TasksTable.INSERT, TasksTable.INSERT_FENCED,
          TasksTable.insertValues(new Values(), task), null));
    }
    if (commit.change().kind() == RunChange.Kind.FAILED) {
      // a failed run's tasks still open (its run timeout ended it) are given up with it
      writes.add(new Write(TasksTable.GIVE_UP_OPEN, TasksTable.GIVE_UP_OPEN_FENCED,
          new Values().instant("now", now).string("runId", runId), null));
    }
    if (commit.wakes() != null) {
      writes.add(new Write(RunsTable.WAKE, RunsTable.WAKE_FENCED,
          RunsTable.wakeValues(new Values(), commit.wakes(), now), null));
    }
    return writes;
  }

  /**
   * The attributes that {@code commit}'s new checkpoints record ({@code ctx.attribute}), by key in
   * the order first recorded, each with the last value recorded for it.
   */
  static Map<String, String> attributes(Commit commit) {
    Map<String, String> attributes = new LinkedHashMap<>();
    for (Commit.CheckpointWrite write : commit.checkpoints()) {
      StoredAttributes.recorded(write)
          .ifPresent(attribute -> attributes.put(attribute.getKey(), attribute.getValue()));
    }
    return attributes;
  }

  /** How many events {@code commit}'s checkpoints carry. */
  static int carried(Commit commit) {
    int carried = 0;
    for (Commit.CheckpointWrite write : commit.checkpoints()) {
      carried += write.carriesEvents() ? 2 : 0;
    }
    return carried;
  }

  /**
   * Whether any of {@code commits} queues a task for any worker to claim, so that workers must be
   * told; a task claimed already by a worker of this process is handed to it in process.
   */
  static boolean queuesTasks(List<Turn> turns) {
    return turns.stream().flatMap(turn -> turn.commit().tasks().stream())
        .anyMatch(task -> task.status() == TaskStatus.QUEUED);
  }

  /**
   * The runs of {@code turns} whose readers of events and streams in other processes are told at
   * the commit ({@link Commit#announcesValues}). Told also where a fence failed: a reader told
   * for nothing reads once more.
   */
  static List<String> announcing(List<Turn> turns) {
    List<String> runIds = List.of(); // a loop, not a stream: asked for every batch of commits
    for (Turn turn : turns) {
      if (turn.commit().announcesValues()) {
        if (runIds.isEmpty()) {
          runIds = new ArrayList<>();
        }
        runIds.add(turn.commit().fence().runId());
      }
    }
    return runIds;
  }

  /**
   * A commit with its writes ({@link #writes}), and how many parameters its statement in one text
   * binds, as its statements say.
   */
  record Turn(Commit commit, List<Write> writes, int parameters) {}

  /** The turns of {@code commits}, in order: their writes made once, however they are sent. */
  static List<Turn> turns(List<Commit> commits, Instant now) {
    List<Turn> turns = new ArrayList<>(commits.size());
    for (Commit commit : commits) {
      List<Write> writes = writes(commit, now);
      int count = fenced(commit.change().kind()).parameterCount();
      for (Write write : writes) {
        count += write.fenced() == null ? 0 : write.fenced().parameterCount();
      }
      turns.add(new Turn(commit, writes, count));
    }
    return turns;
  }

  /** The fence in one text: the run's row locked where its epoch holds, or changed. */
  static Sql fenced(RunChange.Kind kind) {
    return kind == RunChange.Kind.TOUCH ? RunsTable.TOUCH_LOCKED : RunsTable.fence(kind);
  }

  /**
   * Writes {@code commits} with plain statements in the caller's transaction on {@code
   * connection}: each commit's run change where its epoch still holds (one batch per kind of
   * change), then each statement of the writes of the commits whose fence held as one batch, in
   * the algorithm's order. The caller commits.
   *
   * @param woken set for each commit that suspended its run but found it woken ({@link
   *     RunsTable#SLEEP}: due at once)
   * @return for each commit, whether its fence held and it was written
   */
  static boolean[] asStatements(Connection connection, List<Turn> turns, Instant now,
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
      for (String runId : RunsTable.dueAtOnce(connection, suspended.keySet())) {
        woken[suspended.get(runId)] = true;
      }
    }
    Map<Sql, List<Write>> batches = new LinkedHashMap<>();
    for (int i = 0; i < turns.size(); i++) {
      if (written[i]) {
        for (Write write : turns.get(i).writes()) {
          batches.computeIfAbsent(write.plain(), sql -> new ArrayList<>()).add(write);
        }
      }
    }
    for (Map.Entry<Sql, List<Write>> batch : batches.entrySet()) {
      Sql sql = batch.getKey();
      List<String> checks = new ArrayList<>();
      try (PreparedStatement statement = connection.prepareStatement(sql.text())) {
        for (Write write : batch.getValue()) {
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
    return written;
  }

  /** Applies each commit's run change where its epoch still holds; one batch per kind. */
  private static boolean[] fence(Connection connection, List<Turn> turns, Instant now)
      throws SQLException {
    List<Commit> commits = turns.stream().map(Turn::commit).toList();
    Map<RunChange.Kind, List<Integer>> byKind = new EnumMap<>(RunChange.Kind.class);
    for (int i = 0; i < commits.size(); i++) {
      byKind.computeIfAbsent(commits.get(i).change().kind(), k -> new ArrayList<>()).add(i);
    }
    boolean[] written = new boolean[commits.size()];
    for (Map.Entry<RunChange.Kind, List<Integer>> kind : byKind.entrySet()) {
      Sql sql = RunsTable.fence(kind.getKey());
      List<Integer> indices = kind.getValue();
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
