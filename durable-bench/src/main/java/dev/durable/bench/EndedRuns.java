package dev.durable.bench;

import static dev.durable.bench.Figures.f0;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Phase (s)'s store as it fills: ended runs of {@link BenchWorkflow} inserted with SQL on
 * PostgreSQL, in the shapes a real run leaves in {@code durable_runs}, {@code durable_steps} and
 * {@code durable_events}, so that a store months old can be made in minutes instead of days.
 *
 * <p>What a real completed run of the workflow leaves, read from one run on PostgreSQL (the
 * template, {@link #TEMPLATE}, run before the fill): one {@code COMPLETED} row in {@code
 * durable_runs} (input {@code [x]}, output {@code x + 3}, epoch 1, its graph fingerprint, due time
 * and lease cleared); three {@code COMPLETED} checkpoints in {@code durable_steps}, {@code a},
 * {@code b} and {@code c}, each carrying the ids of its {@code step.started} and {@code
 * step.completed} events (a local step that completes at its first attempt keeps them in its
 * checkpoint, V16, so they are no rows of the log, but take ids of its sequence); and three rows
 * of {@code durable_events}: {@code run.created}, {@code run.claimed}, {@code run.completed}. Of the
 * nine ids a run takes from the events' sequence, the log holds the first two and the last; the
 * checkpoints the six between. {@link #checkShapes} compares a generated completed run with the
 * template, column by column (which are set), after every fill.
 *
 * <p>The runs that did not complete follow the engine's code, as no run of this workflow fails:
 * {@value #FAILED_PER_100} in 100 {@code FAILED} at step {@code c} (its one attempt threw: a
 * checkpoint {@code FAILED} with the error, no event ids; {@code step.started}, {@code
 * step.failed} and {@code run.failed} in the log; the run's error, code {@code step_failed}), and
 * {@value #CANCELLED_PER_100} in 100 {@code CANCELLED} after step {@code b} (two checkpoints;
 * {@code run.cancelled} in the log). Run {@code n} of {@code count} starts at {@code first + n *
 * spacing} (the runs spread evenly over {@link #SPAN}, the last a minute before the fill) and ends
 * 8 ms to 208 ms later, its steps 2 ms apart; ids are MD5s of {@code n} as UUIDs (as random as a
 * UUID an application makes). Rows go in in the order of their starts, as a store in service
 * receives them, {@link #BATCH} runs per statement, each statement its own transaction.
 */
final class EndedRuns {
  /** The id of the real run whose rows the generated ones are compared with. */
  static final String TEMPLATE = "fill-template";
  static final int BATCH = 250_000;
  /** The time the ended runs spread over, ending a minute before the fill. */
  static final Duration SPAN = Duration.ofDays(180);
  static final int FAILED_PER_100 = 3;
  static final int CANCELLED_PER_100 = 1;
  /** Ids each run takes from the events' sequence: two log rows, six in checkpoints, the end. */
  private static final int EVENT_IDS = 9;
  static final List<String> TABLES = List.of("durable_runs", "durable_steps", "durable_events");

  /**
   * A fill.
   *
   * @param runs ended runs inserted
   * @param first the start of run 0 (run {@code n} starts {@code n} spacings later)
   * @param spacingMicros the time between two runs' starts, in microseconds
   * @param insertNanos the inserts, batch after batch
   * @param vacuumNanos the {@code VACUUM (ANALYZE)} of the three tables after them
   * @param rows rows per table after the fill, the template's included
   * @param sizes {@code pg_total_relation_size} (table, indexes, TOAST) per table after the fill
   * @param indexSizes {@code pg_indexes_size} per table
   * @param shapes the comparison with the template, one line per table
   */
  record Fill(
      int runs, Instant first, long spacingMicros, long insertNanos, long vacuumNanos,
      Map<String, Long> rows, Map<String, Long> sizes, Map<String, Long> indexSizes,
      List<String> shapes) {
    /** The start of run {@code n}. */
    Instant startOf(long n) {
      return first.plus(n * spacingMicros, ChronoUnit.MICROS);
    }

    /**
     * The cut-off before which runs 0 to {@code runs - 1} ended and no later one did: half a
     * spacing after run {@code runs - 1}'s start (a run ends at most 208 ms after it starts).
     */
    Instant endedBefore(long runs) {
      return startOf(runs - 1).plus(spacingMicros / 2, ChronoUnit.MICROS);
    }
  }

  private EndedRuns() {}

  /**
   * Inserts {@code count} ended runs into {@code database}, whose schema an engine has made and
   * where the template ran, then vacuums and analyzes the tables; says each batch on {@code
   * progress}.
   */
  static Fill fill(Database database, int count, Consumer<String> progress) throws SQLException {
    Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
    long spacing = Math.max(1, SPAN.toNanos() / 1000 / count);
    Instant first = now.minus(Duration.ofMinutes(1)).minus(count * spacing, ChronoUnit.MICROS);
    // not on a pool: its socket timeout (10 s, as an engine's) is shorter than a batch takes
    try (Connection connection = database.connect()) {
      String fingerprint = one(connection, "SELECT graph_fingerprint FROM durable_runs WHERE"
          + " run_id = '" + TEMPLATE + "'");
      long eventBase = Long.parseLong(one(connection,
          "SELECT COALESCE(MAX(id), 0) + 1000 FROM durable_events"));
      long started = System.nanoTime();
      try (PreparedStatement runs = connection.prepareStatement(insertRuns());
          PreparedStatement steps = connection.prepareStatement(insertSteps());
          PreparedStatement events = connection.prepareStatement(insertEvents())) {
        for (long from = 0; from < count; from += BATCH) {
          long to = Math.min(count, from + BATCH) - 1;
          runs.setString(1, fingerprint);
          bind(runs, 1, first, spacing, from, to, eventBase);
          runs.executeUpdate();
          bind(steps, 0, first, spacing, from, to, eventBase);
          steps.executeUpdate();
          bind(events, 0, first, spacing, from, to, eventBase);
          events.executeUpdate();
          double seconds = (System.nanoTime() - started) / 1e9;
          progress.accept("(s) filling: " + f0(to + 1) + " of " + f0(count) + " ended runs in "
              + String.format(java.util.Locale.ROOT, "%.0f s (%s runs/s)", seconds,
              f0((to + 1) / seconds)));
        }
      }
      long insertNanos = System.nanoTime() - started;
      // the ids the generated runs took, as the engine's next event must come after them
      Database.execute(connection, "SELECT setval(pg_get_serial_sequence('durable_events', 'id'),"
          + " (SELECT MAX(id) FROM durable_events) + " + EVENT_IDS + ")");
      long vacuumStarted = System.nanoTime();
      Database.execute(connection, "VACUUM (ANALYZE) " + String.join(", ", TABLES));
      long vacuumNanos = System.nanoTime() - vacuumStarted;
      // run 50 completed (runs 0 to 3 of each hundred did not)
      List<String> shapes = checkShapes(connection, id(50));
      return new Fill(count, first, spacing, insertNanos, vacuumNanos, rows(connection),
          sizes(connection, "pg_total_relation_size"), sizes(connection, "pg_indexes_size"),
          shapes);
    }
  }

  /** The id of generated run {@code n}, as the statements make it. */
  static String id(long n) {
    try {
      byte[] digest = java.security.MessageDigest.getInstance("MD5")
          .digest(("fill-" + n).getBytes(java.nio.charset.StandardCharsets.UTF_8));
      StringBuilder hex = new StringBuilder();
      for (byte b : digest) {
        hex.append(String.format("%02x", b));
      }
      return hex.substring(0, 8) + "-" + hex.substring(8, 12) + "-" + hex.substring(12, 16) + "-"
          + hex.substring(16, 20) + "-" + hex.substring(20);
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Binds {@link #generated}'s parameters, after {@code before} others. */
  private static void bind(PreparedStatement insert, int before, Instant first, long spacing,
      long from, long to, long eventBase) throws SQLException {
    insert.setObject(before + 1, OffsetDateTime.ofInstant(first, ZoneOffset.UTC));
    insert.setLong(before + 2, spacing);
    insert.setLong(before + 3, eventBase);
    insert.setLong(before + 4, from);
    insert.setLong(before + 5, to);
  }

  /**
   * The generated runs {@code n} from parameter 4 to 5 as a FROM item: {@code id}, {@code
   * state}, {@code created} (parameter 1 plus {@code n} times parameter 2 microseconds), {@code
   * j} (the run's extra length, 0 to 199 ms), {@code e} (the id before its nine event ids, from
   * parameter 3).
   */
  private static String generated() {
    return " FROM (SELECT n, CAST(CAST(md5('fill-' || n) AS UUID) AS TEXT) AS id,"
        + " CASE WHEN MOD(n, 100) < " + FAILED_PER_100 + " THEN 'FAILED'"
        + " WHEN MOD(n, 100) < " + (FAILED_PER_100 + CANCELLED_PER_100) + " THEN 'CANCELLED'"
        + " ELSE 'COMPLETED' END AS state,"
        + " CAST(? AS TIMESTAMPTZ) + n * CAST(? AS BIGINT) * INTERVAL '1 microsecond' AS created,"
        + " MOD(n * 7919, 200) * INTERVAL '1 millisecond' AS j,"
        + " CAST(? AS BIGINT) + n * " + EVENT_IDS + " AS e"
        + " FROM generate_series(CAST(? AS BIGINT), CAST(? AS BIGINT)) AS n) AS g";
  }

  /** Parameter 1 the workflow's graph fingerprint, 2 to 6 as {@link #generated}'s 1 to 5. */
  private static String insertRuns() {
    String failed = "g.state = 'FAILED'";
    return "INSERT INTO durable_runs (run_id, workflow_name, workflow_version, status, input,"
        + " output, error_message, error_code, error_type, error_step, created_at, updated_at,"
        + " epoch, graph_fingerprint)"
        + " SELECT g.id, 'bench', '1', g.state, '[' || g.n || ']',"
        + " CASE WHEN g.state = 'COMPLETED' THEN CAST(g.n + 3 AS TEXT) END,"
        + " CASE WHEN " + failed + " THEN 'the service answered 503' END,"
        + " CASE WHEN " + failed + " THEN 'step_failed' END,"
        + " CASE WHEN " + failed + " THEN 'java.lang.IllegalStateException' END,"
        + " CASE WHEN " + failed + " THEN 'c' END,"
        + " g.created, g.created + INTERVAL '8 milliseconds' + g.j, 1, CAST(? AS TEXT)"
        + generated();
  }

  /**
   * Step {@code s} (0, 1, 2: a, b, c) starts {@code 2 + 2s} ms into the run plus the run's extra
   * length for its first, and is checkpointed 1 ms later; c of a failed run failed, a cancelled
   * run has none.
   */
  private static String insertSteps() {
    String failedStep = "(g.state = 'FAILED' AND s.seq = 2)";
    String at = "g.created + g.j + (2 + 2 * s.seq) * INTERVAL '1 millisecond'";
    return "INSERT INTO durable_steps (run_id, seq, kind, name, status, attempts, input, output,"
        + " error_message, error_code, error_type, started_at, updated_at, started_event,"
        + " completed_event)"
        + " SELECT g.id, s.seq, 'STEP', s.name,"
        + " CASE WHEN " + failedStep + " THEN 'FAILED' ELSE 'COMPLETED' END, 1,"
        + " '[' || (g.n + s.seq) || ']',"
        + " CASE WHEN NOT " + failedStep + " THEN CAST(g.n + s.seq + 1 AS TEXT) END,"
        + " CASE WHEN " + failedStep + " THEN 'the service answered 503' END,"
        + " CASE WHEN " + failedStep + " THEN 'step_failed' END,"
        + " CASE WHEN " + failedStep + " THEN 'java.lang.IllegalStateException' END,"
        + " " + at + ", " + at + " + INTERVAL '1 millisecond',"
        + " CASE WHEN NOT " + failedStep + " THEN g.e + 3 + 2 * s.seq END,"
        + " CASE WHEN NOT " + failedStep + " THEN g.e + 4 + 2 * s.seq END"
        + generated().replace(" AS g", " AS g CROSS JOIN (VALUES (0, 'a'), (1, 'b'), (2, 'c'))"
            + " AS s(seq, name)")
        + " WHERE NOT (g.state = 'CANCELLED' AND s.seq = 2)";
  }

  /**
   * The log's rows: {@code run.created} and {@code run.claimed} at the start (ids e+1, e+2); a
   * failed run's {@code step.started} and {@code step.failed} of c (e+7, e+8); the end (e+9).
   */
  private static String insertEvents() {
    return "INSERT INTO durable_events (id, run_id, at, type, step, attempt, detail)"
        + " SELECT g.e + k.slot, g.id,"
        + " CASE WHEN k.slot <= 2 THEN g.created"
        + " WHEN k.slot = 7 THEN g.created + g.j + INTERVAL '6 milliseconds'"
        + " ELSE g.created + INTERVAL '8 milliseconds' + g.j END,"
        + " CASE k.slot WHEN 1 THEN 'run.created' WHEN 2 THEN 'run.claimed'"
        + " WHEN 7 THEN 'step.started' WHEN 8 THEN 'step.failed'"
        + " ELSE CASE g.state WHEN 'COMPLETED' THEN 'run.completed' WHEN 'FAILED' THEN"
        + " 'run.failed' ELSE 'run.cancelled' END END,"
        + " CASE WHEN k.slot IN (7, 8) THEN 'c' END,"
        + " CASE WHEN k.slot IN (7, 8) THEN 1 ELSE 0 END,"
        + " CASE k.slot WHEN 1 THEN 'workflow ''bench'' version ''1'''"
        + " WHEN 2 THEN 'fill-engine-' || MOD(g.n / 100000, 4)"
        + " WHEN 8 THEN 'the service answered 503'"
        + " WHEN 9 THEN CASE g.state WHEN 'FAILED' THEN 'step_failed: the service answered 503'"
        + " END END"
        + generated().replace(" AS g", " AS g CROSS JOIN (VALUES (1), (2), (7), (8), (9))"
            + " AS k(slot)")
        + " WHERE k.slot IN (1, 2, 9) OR g.state = 'FAILED'";
  }

  /**
   * Compares generated completed run {@code generatedId} with the template: per table, the rows'
   * set columns (and the log's event types, in order) must be the same.
   *
   * @return a line per table saying what both hold
   * @throws IllegalStateException if they differ
   */
  static List<String> checkShapes(Connection connection, String generatedId)
      throws SQLException {
    List<String> lines = new ArrayList<>();
    for (String table : TABLES) {
      String order = table.equals("durable_steps") ? "seq" : table.equals("durable_events")
          ? "id" : "run_id";
      List<String> real = shape(connection, table, TEMPLATE, order);
      List<String> made = shape(connection, table, generatedId, order);
      if (!real.equals(made)) {
        throw new IllegalStateException("the generated run " + generatedId + " leaves in " + table
            + " " + made + ", a real run " + real);
      }
      lines.add(table + ": " + real.size() + " row(s), " + String.join("; ", real));
    }
    return lines;
  }

  /** Per row: its set columns, and the event type for the log's rows. */
  private static List<String> shape(Connection connection, String table, String runId,
      String order) throws SQLException {
    List<String> rows = new ArrayList<>();
    try (PreparedStatement select = connection.prepareStatement(
        "SELECT * FROM " + table + " WHERE run_id = ? ORDER BY " + order)) {
      select.setString(1, runId);
      try (ResultSet result = select.executeQuery()) {
        ResultSetMetaData meta = result.getMetaData();
        while (result.next()) {
          List<String> set = new ArrayList<>();
          for (int i = 1; i <= meta.getColumnCount(); i++) {
            if (result.getObject(i) != null) {
              set.add(meta.getColumnName(i));
            }
          }
          String type = table.equals("durable_events") ? result.getString("type") + " " : "";
          rows.add(type + "[" + String.join(" ", set) + "]");
        }
      }
    }
    return rows;
  }

  /** Rows per table, counted. */
  static Map<String, Long> rows(Connection connection) throws SQLException {
    Map<String, Long> rows = new LinkedHashMap<>();
    for (String table : TABLES) {
      rows.put(table, Long.parseLong(one(connection, "SELECT COUNT(*) FROM " + table)));
    }
    return rows;
  }

  /** {@code function} (a size function of PostgreSQL's) of each table, in bytes. */
  static Map<String, Long> sizes(Connection connection, String function) throws SQLException {
    Map<String, Long> sizes = new LinkedHashMap<>();
    for (String table : TABLES) {
      sizes.put(table, Long.parseLong(one(connection, "SELECT " + function + "(CAST('" + table
          + "' AS REGCLASS))")));
    }
    return sizes;
  }

  private static String one(Connection connection, String sql) throws SQLException {
    try (PreparedStatement select = connection.prepareStatement(sql);
        ResultSet rows = select.executeQuery()) {
      if (!rows.next()) {
        throw new IllegalStateException("no row from " + sql);
      }
      return rows.getString(1);
    }
  }
}
