package dev.durable.runtime.internal.store.dialect;

import dev.durable.runtime.internal.model.Commit;
import dev.durable.runtime.internal.model.RunChange;
import dev.durable.runtime.internal.store.run.EventsTable;
import dev.durable.runtime.internal.store.run.RunsTable;
import dev.durable.runtime.internal.store.sql.Announcements;
import dev.durable.runtime.internal.store.sql.Params;
import dev.durable.runtime.internal.store.sql.ProgressWrite;
import dev.durable.runtime.internal.store.sql.ShapedText;
import dev.durable.runtime.internal.store.sql.Sql;
import dev.durable.runtime.internal.store.sql.TurnProgress;
import dev.durable.runtime.internal.store.sql.Values;
import dev.durable.runtime.internal.store.turn.ProgressWriter;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * PostgreSQL's progress of turns ({@code Dialect#writeProgress}), in one text: one statement per
 * run, joined into one multi-statement text, so that a batch is one round trip and one commit.
 * The driver sends them together and PostgreSQL runs everything up to the protocol's Sync in one
 * implicit transaction, so in autocommit mode the batch commits, or fails, as a whole. A run's
 * statement proves its fence ({@code fenced}) and writes the rest from the row it returned, in the
 * fenced forms of the statements ({@link ProgressWrite#fenced}), so nothing is written
 * where the fence failed; the fenced row stays locked until the commit, which keeps any claim out.
 * Every row is reached through a primary key, so the plans do not depend on what the planner
 * guesses of the tables' sizes (a join against an unnested array of run ids was planned as a
 * sequential scan of the runs' table while it was young, and stayed so).
 */
final class PostgresProgress {
  private static final Integer[] ONLY = {0};
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

  private final RunsTable runs;
  private final EventsTable events;
  /** Appends what the turns tell the workers, engines and readers listening. */
  private final Announcements announcements;
  private final ShapedText.Known texts = new ShapedText.Known();

  PostgresProgress(RunsTable runs, EventsTable events, Announcements announcements) {
    this.runs = runs;
    this.events = events;
    this.announcements = announcements;
  }

  /**
   * Writes {@code turns} as one text on {@code connection}, which autocommits it, and tells, where
   * the store's notifications are sent ({@link Announcements#afterProgress}), the workers listening
   * of the tasks queued (with the origin), the engines of the runs woken, and the readers of the
   * runs' events and streams.
   *
   * @param woken set for each commit that suspended its run but found it woken (due at once)
   * @return for each commit, whether its fence held and it was written
   */
  boolean[] write(Connection connection, List<TurnProgress> turns, Instant now,
      boolean[] woken) throws SQLException {
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
    // tasks all handed to workers of this process tell no other worker: a text of its own, as
    // has a store that tells nobody anything
    String key = (generic ? "generic|" : "")
        + (announcements.silent() ? "silent|" : TurnProgress.queuesTasks(turns) ? "" : "quiet|")
        + shape;
    ShapedText sql = texts.of(key);
    if (generic) {
      sql.append(GENERIC_PLAN).append(";\n");
    }
    Params params = Params.postgres();
    int[] mustChange = new int[turns.size()];
    for (int i : order) {
      mustChange[i] = writeFenced(sql, params, turns.get(i), now);
    }
    announcements.afterProgress(sql, params, turns); // after the results
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
          woken[i] = row.getInt(3) == 1;
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
   * forms. Returns one row: whether the fence held, how many of the writes that must change a
   * row did, and whether a suspension found the run woken (then {@code PENDING}, due at once).
   *
   * @return how many writes must change a row
   */
  private int writeFenced(
      ShapedText sql, Params params, TurnProgress turn, Instant now) {
    Commit commit = turn.commit();
    RunChange.Kind kind = commit.change().kind();
    add(sql, params, "WITH fenced AS (", runs.fences.inText(kind),
        runs.fences.values(new Values(), commit, now),
        switch (kind) {
          case TOUCH -> ")";
          case SLEEPING -> " RETURNING run_id, status)";
          default -> " RETURNING run_id)";
        });
    int carried = ProgressWriter.carried(commit);
    if (carried > 0) {
      // the log's ids of the events the checkpoints carry, then of the commit's own, in order
      sql.append(", ").append(events.numberedIds(carried + commit.events().size()));
    }
    List<Integer> counted = new ArrayList<>();
    int w = 0;
    for (ProgressWrite write : turn.writes()) {
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
    sql.append(kind == RunChange.Kind.SLEEPING
        ? ", (SELECT count(*) FROM fenced WHERE status = 'PENDING')" : ", 0");
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
   * events), how many attributes, events and tasks it writes, whether it wakes a run, how many
   * stream values and events a run set it writes and whether it announces them. Its bound values
   * never change the text.
   */
  private static String shape(Commit commit) {
    StringBuilder shape = new StringBuilder().append(commit.change().kind().ordinal());
    for (Commit.CheckpointWrite write : commit.checkpoints()) {
      shape.append(write.insert() ? 'i' : 'u').append(write.takesSignal() != 0 ? "s" : "")
          .append(write.carriesEvents() ? "c" : "");
    }
    int attributes = ProgressWriter.attributes(commit).size();
    if (attributes > 0) {
      shape.append("/a").append(attributes);
    }
    return shape.append('/').append(commit.events().size()).append('/')
        .append(commit.tasks().size()).append(commit.wakes() != null ? "/w" : "")
        .append(commit.values().isEmpty() ? "" : "/v" + commit.values().size())
        .append(commit.announcesValues() ? "/n" : "").toString();
  }
}
