package dev.durable.runtime.internal.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Writes a whole batch of progress in one round trip and one commit: one statement per run, joined
 * into one multi-statement text. The driver sends them together and PostgreSQL runs everything up
 * to the protocol's Sync in one implicit transaction, so in autocommit mode the batch commits, or
 * fails, as a whole.
 *
 * <p>A run's statement updates its row where its epoch still holds (the fence) and writes its
 * checkpoints and events from the row that update returned, so nothing is written where the fence
 * failed; the updated row stays locked until the commit, which keeps any claim out. Every row is
 * reached through a primary key, so the plans do not depend on what the planner guesses of the
 * tables' sizes (a join against an unnested array of run ids was planned as a sequential scan of
 * {@code durable_runs} while the table was young, and stayed so).
 */
final class PostgresProgressWriter {
  private static final Integer[] ONLY = {0};

  private PostgresProgressWriter() {}

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

  /**
   * Whether any of {@code commits} queues a task for any worker to claim, so that workers must be
   * told; a task claimed already by a worker of this process is handed to it in process.
   */
  static boolean queuesTasks(List<Commit> commits) {
    return commits.stream().flatMap(commit -> commit.tasks().stream())
        .anyMatch(task -> task.status() == TaskStatus.QUEUED);
  }

  /** How many parameters {@code commit}'s statement binds, as its statements say. */
  static int parameters(Commit commit) {
    int count = commit.change().kind() == RunChange.Kind.TOUCH
        ? RunsTable.TOUCH_LOCKED.parameterCount()
        : RunsTable.fence(commit.change().kind()).parameterCount();
    int carried = 0;
    for (Commit.CheckpointWrite write : commit.checkpoints()) {
      count += checkpoint(write).parameterCount()
          + (write.takesSignal() != 0 ? SignalsTable.TAKE_FENCED.parameterCount() : 0);
      carried += write.carriesEvents() ? 2 : 0;
    }
    if (!commit.events().isEmpty()) {
      count += EventsTable.logFenced(commit.events().size(), carried).parameterCount();
    }
    if (commit.wakes() != null) {
      count += RunsTable.WAKE_FENCED.parameterCount();
    }
    if (commit.change().kind() == RunChange.Kind.FAILED) {
      count += TasksTable.GIVE_UP_OPEN_FENCED.parameterCount();
    }
    return count + commit.tasks().size() * TasksTable.INSERT_FENCED.parameterCount();
  }

  /** The statement that writes a checkpoint in a progress statement. */
  private static Sql checkpoint(Commit.CheckpointWrite write) {
    return write.carriesEvents() ? StepsTable.INSERT_FENCED_CARRYING
        : write.insert() ? StepsTable.INSERT_FENCED : StepsTable.UPDATE_FENCED;
  }

  /**
   * Writes {@code commits}, each fenced by its run's epoch, as one statement on {@code
   * connection}, which autocommits it; it also tells the workers listening of the tasks queued.
   *
   * @return for each commit, whether its fence held and it was written
   */
  static boolean[] write(Connection connection, List<Commit> commits, String origin, Instant now)
      throws SQLException {
    String[] shapes = new String[commits.size()];
    for (int i = 0; i < shapes.length; i++) {
      shapes[i] = shape(commits.get(i));
    }
    Integer[] order = canonicalOrder(shapes);
    StringBuilder shape = new StringBuilder(shapes[order[0]]);
    for (int i = 1; i < order.length; i++) {
      shape.append('|').append(shapes[order[i]]);
    }
    boolean generic = commits.stream().mapToInt(PostgresProgressWriter::parameters).sum()
        > GENERIC_PLAN_ABOVE;
    boolean notify = queuesTasks(commits);
    // tasks all handed to workers of this process tell no other worker: a text of its own
    String key = (generic ? "generic|" : "") + (notify ? "" : "quiet|") + shape;
    ShapedText sql = ShapedText.of(key);
    if (generic) {
      sql.append(GENERIC_PLAN).append(";\n");
    }
    Params params = Params.postgres();
    for (int i : order) {
      write(sql, params, commits.get(i), now);
    }
    if (notify) {
      sql.append(PostgresDialect.NOTIFY_TASKS_FROM.text()).append(";\n"); // after the results
      params.string(origin);
    }
    for (Commit commit : commits) {
      if (commit.wakes() != null) { // tells the other engines, one of which may take it up
        sql.append(PostgresDialect.ANNOUNCE_RUN.text()).append(";\n");
        params.string(commit.wakes());
      }
    }
    String text = sql.text();
    boolean[] written = new boolean[commits.size()];
    try (PreparedStatement statement = connection.prepareStatement(text)) {
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
          long updates = commits.get(i).checkpoints().stream()
              .mapToLong(c -> (c.insert() ? 0 : 1) + (c.takesSignal() != 0 ? 1 : 0)).sum();
          // a run whose fence held must have found the checkpoints it updates and the signals it
          // takes (the fence keeps any other turn from taking them: this is an engine bug)
          if (written[i] && row.getInt(2) != updates) {
            throw new SQLException("a checkpoint of run " + commits.get(i).fence().runId()
                + " vanished while being updated, or a signal it takes was taken already");
          }
        }
        statement.getMoreResults();
      }
    }
    return written;
  }

  /**
   * One statement for one commit: the fenced update of its run, then its checkpoints (and the
   * signals they take) and events, each written from the fenced row, so nothing is written where
   * the fence failed. Returns one row: whether the fence held, and how many checkpoints were
   * updated.
   */
  private static void write(ShapedText sql, Params params, Commit commit, Instant now) {
    Values run = RunsTable.fenceValues(new Values(), commit, now);
    if (commit.change().kind() == RunChange.Kind.TOUCH) {
      add(sql, params, "WITH fenced AS (", RunsTable.TOUCH_LOCKED, run, ")");
    } else {
      add(sql, params, "WITH fenced AS (", RunsTable.fence(commit.change().kind()), run,
          " RETURNING run_id)");
    }
    int carried = 0;
    for (Commit.CheckpointWrite write : commit.checkpoints()) {
      carried += write.carriesEvents() ? 2 : 0;
    }
    if (carried > 0) {
      // the log's ids of the events the checkpoints carry, then of the commit's own, in order
      sql.append(", ids AS (SELECT nextval('durable_events_id_seq') AS id FROM fenced CROSS JOIN")
          .append(" generate_series(1, ").append(carried + commit.events().size())
          .append(")), numbered AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM ids)");
    }
    int updates = 0;
    int part = 0;
    int nextCarried = 1;
    for (Commit.CheckpointWrite write : commit.checkpoints()) {
      String name = write.insert() ? "i" + part++ : "u" + updates++;
      Values values = write.insert()
          ? StepsTable.insertValues(new Values(), write.record())
          : StepsTable.updateValues(new Values(), write.record());
      if (write.carriesEvents()) {
        values.int8("startedEvent", nextCarried);
        nextCarried += 2;
      }
      sql.append(", ").append(name);
      add(sql, params, " AS (", checkpoint(write), values, ")");
      if (write.takesSignal() != 0) {
        sql.append(", u").append(updates++);
        add(sql, params, " AS (", SignalsTable.TAKE_FENCED,
            SignalsTable.takeValues(new Values(), write), ")");
      }
    }
    if (!commit.events().isEmpty()) {
      add(sql, params, ", logged AS (", EventsTable.logFenced(commit.events().size(), carried),
          EventsTable.fencedValues(new Values(), commit.events()), ")");
    }
    if (commit.wakes() != null) {
      add(sql, params, ", woke AS (", RunsTable.WAKE_FENCED,
          RunsTable.wakeValues(new Values(), commit.wakes(), now), ")");
    }
    if (commit.change().kind() == RunChange.Kind.FAILED) {
      // a failed run's tasks still open (its run timeout ended it) are given up with it
      add(sql, params, ", lost AS (", TasksTable.GIVE_UP_OPEN_FENCED,
          new Values().instant("now", now), ")");
    }
    int queued = 0;
    for (TaskRecord task : commit.tasks()) {
      sql.append(", t").append(queued++);
      add(sql, params, " AS (", TasksTable.INSERT_FENCED,
          TasksTable.insertValues(new Values(), task), ")");
    }
    sql.append(" SELECT (SELECT count(*) FROM fenced), 0");
    for (int u = 0; u < updates; u++) {
      sql.append(" + (SELECT count(*) FROM u").append(u).append(')');
    }
    sql.append(";\n");
  }

  /** Appends {@code statement} between {@code before} and {@code after}, and binds its values. */
  private static void add(ShapedText sql, Params params, String before, Sql statement,
      Values values, String after) {
    sql.append(before).append(statement.text()).append(after);
    statement.bind(params, values);
  }

  /**
   * The commits' indices ordered by their shape (run change, checkpoint writes, event count), so
   * that the batch's text depends only on how many commits of each shape it carries. Texts that
   * recur are prepared once by the driver and planned once by the server; a text in arrival order
   * would be new nearly every time, and parsed and planned statement by statement.
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
