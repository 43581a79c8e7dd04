package dev.durable.runtime.internal.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Writes the progress of turns, each fenced by its run's epoch: one algorithm ({@link #writes}: the
 * run's fence, then its checkpoints and the signals they take, its events, its tasks, the tasks a
 * failure gives up and the run it wakes, each a statement of its table's catalogue), sent in one
 * of two ways.
 *
 * <p>{@link #asOneText} (PostgreSQL): one statement per run, joined into one multi-statement text,
 * so that a batch is one round trip and one commit. The driver sends them together and PostgreSQL
 * runs everything up to the protocol's Sync in one implicit transaction, so in autocommit mode the
 * batch commits, or fails, as a whole. A run's statement proves its fence ({@code fenced}) and
 * writes the rest from the row it returned, in the fenced forms of the statements, so nothing is
 * written where the fence failed; the fenced row stays locked until the commit, which keeps any
 * claim out. Every row is reached through a primary key, so the plans do not depend on what the
 * planner guesses of the tables' sizes (a join against an unnested array of run ids was planned as
 * a sequential scan of {@code durable_runs} while the table was young, and stayed so).
 *
 * <p>{@link #asStatements} (H2, where statements are in-process calls, and PostgreSQL's turn too
 * large for one text): plain statements in the caller's transaction, the fences first, each
 * statement as one JDBC batch for every run whose fence held.
 */
final class ProgressWriter {
  private static final Integer[] ONLY = {0};
  /**
   * The most parameters one text of a progress batch binds: the driver refuses more than 65,535,
   * and a batch stays well below so that its text stays small too.
   */
  static final int MAX_STATEMENT_PARAMETERS = 30_000;
  /**
   * Above how many parameters a batch's text is planned once per connection (a generic plan), not
   * for each binding: PostgreSQL plans a prepared statement afresh for each of its first five
   * executions on a connection, and a turn of a fan of 100 (2,300 parameters) took 16 to 29 ms to
   * plan, several times its execution. Small texts keep custom plans, which cost little to make.
   */
  static final int GENERIC_PLAN_ABOVE = 300;
  /**
   * Makes the statements after it in the text use generic plans: {@code set_config} for this
   * transaction, which lasts to the end of the text; {@code SET LOCAL} has no effect there.
   */
  private static final String GENERIC_PLAN =
      "SELECT set_config('plan_cache_mode', 'force_generic_plan', true)";

  private ProgressWriter() {}

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

  /** How many events {@code commit}'s checkpoints carry. */
  private static int carried(Commit commit) {
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
  private static Sql fenced(RunChange.Kind kind) {
    return kind == RunChange.Kind.TOUCH ? RunsTable.TOUCH_LOCKED : RunsTable.fence(kind);
  }

  /**
   * Writes {@code commits} as one text on {@code connection}, which autocommits it; it also tells
   * the workers listening of the tasks queued (with {@code origin}), and the engines of the runs
   * woken.
   *
   * @return for each commit, whether its fence held and it was written
   */
  static boolean[] asOneText(
      Connection connection, List<Turn> turns, String origin, Instant now)
      throws SQLException {
    String[] shapes = new String[turns.size()];
    int parameters = 0;
    for (int i = 0; i < shapes.length; i++) {
      shapes[i] = shape(turns.get(i).commit());
      parameters += turns.get(i).parameters();
    }
    Integer[] order = canonicalOrder(shapes);
    StringBuilder shape = new StringBuilder(shapes[order[0]]);
    for (int i = 1; i < order.length; i++) {
      shape.append('|').append(shapes[order[i]]);
    }
    boolean generic = parameters > GENERIC_PLAN_ABOVE;
    boolean notify = queuesTasks(turns);
    // tasks all handed to workers of this process tell no other worker: a text of its own
    String key = (generic ? "generic|" : "") + (notify ? "" : "quiet|") + shape;
    ShapedText sql = ShapedText.of(key);
    if (generic) {
      sql.append(GENERIC_PLAN).append(";\n");
    }
    Params params = Params.postgres();
    int[] mustChange = new int[turns.size()];
    for (int i : order) {
      mustChange[i] = writeFenced(sql, params, turns.get(i), now);
    }
    if (notify) { // after the results
      add(sql, params, "", PostgresDialect.NOTIFY_TASKS_FROM,
          new Values().string("origin", origin), ";\n");
    }
    for (Turn turn : turns) {
      if (turn.commit().wakes() != null) { // tells the other engines, one of which may take it up
        add(sql, params, "", PostgresDialect.ANNOUNCE_RUN,
            new Values().string("runId", turn.commit().wakes()), ";\n");
      }
    }
    boolean[] written = new boolean[turns.size()];
    try (PreparedStatement statement = connection.prepareStatement(sql.text())) {
      params.bind(statement);
      statement.execute();
      if (generic) {
        statement.getMoreResults(); // past the setting
      }
      for (int i : order) {
        try (ResultSet row = statement.getResultSet()) {
          if (row == null || !row.next()) {
            throw new SQLException("a statement of the progress batch returned no row");
          }
          written[i] = row.getInt(1) == 1;
          if (written[i] && row.getInt(2) != mustChange[i]) {
            throw new SQLException("a checkpoint of run " + turns.get(i).commit().fence().runId()
                + " vanished while being updated, or a signal it takes was taken already");
          }
        }
        statement.getMoreResults();
      }
    }
    return written;
  }

  /**
   * One statement for one commit: its fence ({@code fenced}), then its writes in their fenced
   * forms. Returns one row: whether the fence held, and how many of the writes that must change a
   * row did.
   *
   * @return how many writes must change a row
   */
  private static int writeFenced(ShapedText sql, Params params, Turn turn, Instant now) {
    Commit commit = turn.commit();
    RunChange.Kind kind = commit.change().kind();
    add(sql, params, "WITH fenced AS (", fenced(kind),
        RunsTable.fenceValues(new Values(), commit, now),
        kind == RunChange.Kind.TOUCH ? ")" : " RETURNING run_id)");
    int carried = carried(commit);
    if (carried > 0) {
      // the log's ids of the events the checkpoints carry, then of the commit's own, in order
      sql.append(", ids AS (SELECT nextval('durable_events_id_seq') AS id FROM fenced CROSS JOIN")
          .append(" generate_series(1, ").append(carried + commit.events().size())
          .append(")), numbered AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM ids)");
    }
    List<Integer> counted = new ArrayList<>();
    int w = 0;
    for (Write write : turn.writes()) {
      if (write.fenced() != null) {
        if (write.mustChange() != null) {
          counted.add(w);
        }
        sql.append(", w").append(w++);
        add(sql, params, " AS (", write.fenced(), write.values(), ")");
      }
    }
    sql.append(" SELECT (SELECT count(*) FROM fenced), 0");
    for (int c : counted) {
      sql.append(" + (SELECT count(*) FROM w").append(c).append(')');
    }
    sql.append(";\n");
    return counted.size();
  }

  /** Appends {@code statement} between {@code before} and {@code after}, and binds its values. */
  private static void add(ShapedText sql, Params params, String before, Sql statement,
      Values values, String after) {
    sql.append(before).append(statement.text()).append(after);
    statement.bind(params, values);
  }

  /**
   * Writes {@code commits} with plain statements in the caller's transaction on {@code
   * connection}: each commit's run change where its epoch still holds (one batch per kind of
   * change), then each statement of the writes of the commits whose fence held as one batch, in
   * the algorithm's order. The caller commits.
   *
   * @return for each commit, whether its fence held and it was written
   */
  static boolean[] asStatements(Connection connection, List<Turn> turns, Instant now)
      throws SQLException {
    boolean[] written = fence(connection, turns, now);
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

  /**
   * The commits' indices ordered by their shape, so that the batch's text depends only on how many
   * commits of each shape it carries. Texts that recur are prepared once by the driver and planned
   * once by the server; a text in arrival order would be new nearly every time, and parsed and
   * planned statement by statement.
   */
  private static Integer[] canonicalOrder(String[] shapes) {
    if (shapes.length == 1) {
      return ONLY; // a commit written alone, as every commit of a sequential run is
    }
    Integer[] order = new Integer[shapes.length];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    Arrays.sort(order, Comparator.comparing(i -> shapes[i]));
    return order;
  }

  /**
   * What the text of {@code commit}'s statement depends on, and nothing else: the run's change,
   * each checkpoint write (insert or update, whether it takes a signal, whether it carries its
   * events), how many events and tasks it writes, and whether it wakes a run. Its bound values
   * never change the text.
   */
  private static String shape(Commit commit) {
    StringBuilder shape = new StringBuilder().append(commit.change().kind().ordinal());
    for (Commit.CheckpointWrite write : commit.checkpoints()) {
      shape.append(write.insert() ? 'i' : 'u').append(write.takesSignal() != 0 ? "s" : "")
          .append(write.carriesEvents() ? "c" : "");
    }
    return shape.append('/').append(commit.events().size()).append('/')
        .append(commit.tasks().size()).append(commit.wakes() != null ? "/w" : "").toString();
  }
}
