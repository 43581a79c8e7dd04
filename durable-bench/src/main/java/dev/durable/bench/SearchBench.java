package dev.durable.bench;

import com.zaxxer.hikari.HikariDataSource;
import dev.durable.runtime.RunFilter;
import dev.durable.runtime.RunInfo;
import dev.durable.runtime.RunState;
import dev.durable.runtime.internal.model.ListedRun;
import dev.durable.runtime.internal.store.Stores;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Phase (g): run search, {@link Store#listRuns}, among a million finished and open runs inserted
 * with SQL, for the queries an operator makes: the newest runs, a deep page, one workflow, the
 * failed ones, an error code, a run id prefix, a parent's children, a day, attributes ({@link
 * SearchAttributes}), and combinations. Each
 * call is what one {@code engine.listRuns} costs: a pooled connection, the query, the commit.
 */
final class SearchBench {
  /** Warm-up calls of each query, fewer if they take over {@link #WARMUP_TIME}. */
  static final int WARMUP_CALLS = 100;
  static final Duration WARMUP_TIME = Duration.ofSeconds(5);
  static final int CALLS = 200;
  /** A query slower than this stops early, after at least {@link #MIN_CALLS} timed calls. */
  static final Duration TIME_PER_QUERY = Duration.ofSeconds(15);
  static final int MIN_CALLS = 10;
  /** A p50 above this, in milliseconds, is reported as slow. */
  static final double SLOW_MS = 20;
  static final List<String> WORKFLOWS = List.of("checkout", "expense", "onboarding", "report");
  /** Children of the run {@code n - n % FAN}: the runs {@code n} with {@code n % FAN} 1 to 5. */
  static final int FAN = 100;
  static final int CHILDREN = 5;
  private static final int INSERT_CHUNK = 100_000;

  /**
   * One query, timed.
   *
   * @param label what an operator asks, in a few words
   * @param filter the filter, as given to {@code listRuns}
   * @param returned runs in each call's page
   * @param calls timed calls (fewer than {@link #CALLS} if the query is slow)
   * @param plan the query's plan as the database explains it
   * @param planUse how the server planned the timed calls; empty where it does not tell
   */
  record Query(
      String label, RunFilter filter, int returned, int calls, Samples time, List<String> plan,
      Optional<Database.PlanUse> planUse) {
    String planSummary() {
      return summary(plan);
    }
  }

  /** The phase: the runs inserted, how long that took, each query. */
  record Result(int runs, long insertNanos, List<Query> queries) {}

  /** A query, and how many runs its page holds. */
  record Case(String label, RunFilter filter, int expected) {}

  private SearchBench() {}

  static Result run(Database database, int runs) throws Exception {
    try (HikariDataSource pool = database.pool("durable-bench-search", 2)) {
      CountingDataSource counting = new CountingDataSource(pool);
      Stores store = new Stores(counting.dataSource());
      store.migrate();
      try (Connection one = pool.getConnection(); Connection two = pool.getConnection()) {
        database.prepareSearch(one);
        database.prepareSearch(two);
      }
      Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
      Instant first = now.minusSeconds(runs);
      long insertStarted = System.nanoTime();
      // not on the pool: its socket timeout (10 s, as an engine's) is shorter than a chunk takes
      try (Connection connection = database.connect()) {
        for (String table : List.of("durable_events", "durable_steps", "durable_signals",
            "durable_schedule_runs", "durable_tasks", "durable_runs")) {
          Database.execute(connection, "TRUNCATE TABLE " + table);
        }
        insert(database, connection, first, now, runs);
        SearchAttributes.insert(database, connection, first, runs, INSERT_CHUNK);
        Database.execute(connection, database.analyzeRuns());
      }
      long insertNanos = System.nanoTime() - insertStarted;
      List<Query> queries = new ArrayList<>();
      for (Case c : cases(pool, first, runs)) {
        queries.add(measure(database, pool, counting, store, c));
      }
      return new Result(runs, insertNanos, queries);
    }
  }

  /**
   * The queries, around run {@code runs / 2} (half-way back): its page, its id's prefixes, the
   * children of the parent nearest it, the day from its start.
   */
  private static List<Case> cases(HikariDataSource pool, Instant first, int runs)
      throws SQLException {
    long middle = runs / 2;
    long parent = middle - middle % FAN;
    String middleId;
    String parentId;
    try (Connection connection = pool.getConnection()) {
      middleId = idCreatedAt(connection, first.plusSeconds(middle));
      parentId = idCreatedAt(connection, first.plusSeconds(parent));
    }
    Instant middleAt = first.plusSeconds(middle);
    RunInfo cursor = RunInfo.builder(middleId, "", "", RunState.COMPLETED)
        .createdAt(middleAt).updatedAt(middleAt).build();
    String expense = WORKFLOWS.get(1);
    List<Case> cases = new ArrayList<>(List.of(
        new Case("1. newest runs", RunFilter.all(), 50),
        new Case("2. a page half-way back", RunFilter.builder().after(cursor).build(), 50),
        new Case("3. one workflow", RunFilter.builder().workflow(expense).build(), 50),
        new Case("4. FAILED", RunFilter.builder().status(RunState.FAILED).build(), 50),
        new Case("5. FAILED, error code declined",
            RunFilter.builder().status(RunState.FAILED).errorCode("declined").build(), 50),
        new Case("6. FAILED, a page half-way back",
            RunFilter.builder().status(RunState.FAILED).after(cursor).build(), 50),
        new Case("7a. run id prefix, 2 characters (1/256)",
            RunFilter.builder().runIdPrefix(middleId.substring(0, 2)).build(), 50),
        new Case("7b. run id prefix, 8 characters",
            RunFilter.builder().runIdPrefix(middleId.substring(0, 8)).build(), 1),
        new Case("8. children of one run", RunFilter.builder().parentId(parentId).build(),
            CHILDREN),
        new Case("9. one day of runs",
            RunFilter.builder().createdFrom(middleAt).createdBefore(middleAt.plus(Duration.ofDays(1)))
                .build(), 50),
        new Case("10. workflow + version + FAILED",
            RunFilter.builder().workflow(expense).version("2").status(RunState.FAILED).build(),
            50)));
    cases.addAll(SearchAttributes.cases(runs, cursor, middle));
    return cases;
  }

  private static String idCreatedAt(Connection connection, Instant createdAt)
      throws SQLException {
    try (PreparedStatement select =
        connection.prepareStatement("SELECT run_id FROM durable_runs WHERE created_at = ?")) {
      select.setObject(1, utc(createdAt));
      try (ResultSet rows = select.executeQuery()) {
        if (!rows.next()) {
          throw new IllegalStateException("no run was inserted created at " + createdAt);
        }
        return rows.getString(1);
      }
    }
  }

  private static Query measure(
      Database database, HikariDataSource pool, CountingDataSource counting, Stores store, Case c)
      throws SQLException {
    Samples time = new Samples();
    long warmupEnd = System.nanoTime() + WARMUP_TIME.toNanos();
    long deadline = Long.MAX_VALUE;
    CountingDataSource.Executed query = null;
    int returned = -1;
    int warmup = WARMUP_CALLS;
    for (int i = 0; i < warmup + CALLS; i++) {
      counting.markFirst("ORDER BY"); // the search, not the counts or the attributes around it
      long started = System.nanoTime();
      List<ListedRun> page = store.runs().listRuns(c.filter());
      long took = System.nanoTime() - started;
      if (page.size() != c.expected()) {
        throw new IllegalStateException("query \"" + c.label() + "\" (" + c.filter()
            + ") returned " + page.size() + " runs, not " + c.expected()
            + ": the inserted runs are not what the phase expects");
      }
      returned = page.size();
      if (query == null) {
        query = counting.firstExecuted();
      }
      if (i >= 2 && i + 1 < warmup && System.nanoTime() > warmupEnd) {
        warmup = i + 1; // enough: the rest of the warm-up would take too long
      }
      if (i + 1 == warmup) {
        deadline = System.nanoTime() + TIME_PER_QUERY.toNanos();
      } else if (i >= warmup) {
        time.add(took);
        if (time.size() >= MIN_CALLS && System.nanoTime() > deadline) {
          break;
        }
      }
    }
    Optional<Database.PlanUse> planUse;
    List<String> plan;
    try (Connection connection = pool.getConnection()) {
      planUse = database.planUse(connection, query.sql());
      plan = database.explain(connection, query.sql(), query.params().toArray());
    }
    return new Query(c.label(), c.filter(), returned, time.size(), time, plan, planUse);
  }

  /**
   * Inserts runs 1 to {@code runs}, run n started n seconds after {@code first}, in chunks. See
   * {@link #insertRuns} for what they are.
   */
  static void insert(
      Database database, Connection connection, Instant first, Instant now, int runs)
      throws SQLException {
    try (PreparedStatement insert = connection.prepareStatement(insertRuns(database))) {
      for (long from = 1; from <= runs; from += INSERT_CHUNK) {
        insert.setObject(1, utc(first));
        insert.setObject(2, utc(now));
        insert.setLong(3, from);
        insert.setLong(4, Math.min(runs, from + INSERT_CHUNK - 1));
        insert.executeUpdate();
      }
    }
  }

  /**
   * The set-based INSERT of runs n (from the series {@code x}): id the MD5 of n in hex (as random
   * as a UUID, the same on both stores); started n seconds after parameter 1 and updated up to 10
   * minutes later; workflows {@link #WORKFLOWS} in turn, versions 1 and 2 in turn within each;
   * by {@code n % 1000}: 90 % COMPLETED, 1 % FAILED (half of them with error code {@code
   * declined}, the others {@code timeout}), 3 % SLEEPING (waking in the day after parameter 2),
   * 1 % RUNNING, 1 % PENDING, 4 % CANCELLED; the runs with {@code n % 100} 1 to 5 are children of
   * run {@code n - n % 100}. Parameters: the first start, now, first n, last n.
   */
  static String insertRuns(Database database) {
    String state = "MOD(x, 1000)";
    String open = "(" + state + " BETWEEN 910 AND 959)";
    String failed = "(" + state + " BETWEEN 900 AND 909)";
    return "INSERT INTO durable_runs (run_id, workflow_name, workflow_version, status, input,"
        + " output, error_message, error_code, error_type, error_step, created_at, updated_at,"
        + " wake_at, due_at, lease_owner, lease_until, epoch, parent_run_id)"
        + " SELECT " + database.md5Hex("x") + ","
        + " CASE MOD(x, 4) WHEN 0 THEN 'checkout' WHEN 1 THEN 'expense' WHEN 2 THEN 'onboarding'"
        + " ELSE 'report' END,"
        + " CASE MOD(x / 4, 2) WHEN 0 THEN '1' ELSE '2' END,"
        + " CASE WHEN " + state + " < 900 THEN 'COMPLETED' WHEN " + state + " < 910 THEN 'FAILED'"
        + " WHEN " + state + " < 940 THEN 'SLEEPING' WHEN " + state + " < 950 THEN 'RUNNING'"
        + " WHEN " + state + " < 960 THEN 'PENDING' ELSE 'CANCELLED' END,"
        + " '{\"order\":1}',"
        + " CASE WHEN " + state + " < 900 THEN '{\"ok\":true}' END,"
        + " CASE WHEN " + failed + " THEN 'the step failed' END,"
        + " CASE WHEN " + failed + " THEN CASE MOD(x / 1000, 2) WHEN 0 THEN 'declined'"
        + " ELSE 'timeout' END END,"
        + " CASE WHEN " + failed + " THEN 'java.lang.IllegalStateException' END,"
        + " CASE WHEN " + failed + " THEN 'charge' END,"
        + " created,"
        + " " + database.plusSeconds("created", "MOD(x * 7, 600)") + ","
        + " CASE WHEN " + state + " BETWEEN 910 AND 939 THEN "
        + database.plusSeconds("now_at", "MOD(x, 86400)") + " END,"
        + " CASE WHEN " + state + " BETWEEN 910 AND 939 THEN "
        + database.plusSeconds("now_at", "MOD(x, 86400)") + " WHEN " + open + " THEN created END,"
        + " CASE WHEN " + state + " BETWEEN 940 AND 949 THEN 'engine-1' END,"
        + " CASE WHEN " + state + " BETWEEN 940 AND 949 THEN now_at END,"
        + " 1,"
        + " CASE WHEN MOD(x, " + FAN + ") BETWEEN 1 AND " + CHILDREN + " THEN "
        + database.md5Hex("x - MOD(x, " + FAN + ")") + " END"
        + " FROM (SELECT x, "
        + database.plusSeconds("CAST(? AS TIMESTAMP WITH TIME ZONE)", "x") + " AS created,"
        + " CAST(? AS TIMESTAMP WITH TIME ZONE) AS now_at"
        + " FROM " + database.series("CAST(? AS BIGINT)", "CAST(? AS BIGINT)") + ") AS runs";
  }

  private static final Pattern PG_NODE = Pattern.compile(
      "^\\s*(?:->\\s+)?(Index Only Scan Backward|Index Only Scan|Index Scan Backward|Index Scan"
          + "|Parallel Seq Scan|Seq Scan|Bitmap Index Scan|Bitmap Heap Scan)"
          + "(?: using (\\w+))? on (\\w+)|^\\s*(?:->\\s+)?(Sort|Incremental Sort)\\s+\\(");
  private static final Pattern PG_ROWS = Pattern.compile(
      "Rows Removed by Filter: (\\d+)");
  private static final Pattern PG_TIME = Pattern.compile("Execution Time: ([\\d.]+) ms");
  private static final Pattern H2_INDEX = Pattern.compile(
      "/\\* PUBLIC\\.(\\w+)(?::[^*]*)?\\s*\\*/");
  private static final Pattern H2_SCAN = Pattern.compile("/\\* scanCount: (\\d+) \\*/");

  /** The plan in one line: the runs table's access path and how many rows it read or dropped. */
  static String summary(List<String> plan) {
    if (plan.isEmpty()) {
      return "";
    }
    if (plan.get(0).startsWith("--")) {
      List<String> parts = new ArrayList<>();
      List<String> custom = section(plan, 0);
      List<String> generic = section(plan, 1);
      String c = pgSummary(custom);
      String g = pgSummary(generic);
      parts.add(c.equals(g) ? c : "custom: " + c + "; generic: " + g);
      return String.join("; ", parts);
    }
    String text = String.join(" ", plan);
    StringBuilder out = new StringBuilder();
    Matcher index = H2_INDEX.matcher(text);
    if (index.find()) { // the first is the runs table's (a PRIMARY_KEY_n: the run id)
      out.append(index.group(1).toLowerCase(Locale.ROOT));
    }
    Matcher scan = H2_SCAN.matcher(text);
    List<String> counts = new ArrayList<>();
    while (scan.find()) {
      counts.add(scan.group(1));
    }
    out.append(text.contains("/* index sorted */") ? ", in index order" : ", then sorted");
    if (!counts.isEmpty()) {
      out.append(" (scanCount ").append(String.join(", ", counts)).append(')');
    }
    return out.toString();
  }

  private static List<String> section(List<String> plan, int which) {
    int seen = -1;
    List<String> lines = new ArrayList<>();
    for (String line : plan) {
      if (line.startsWith("--")) {
        seen++;
      } else if (seen == which) {
        lines.add(line);
      }
    }
    return lines;
  }

  private static String pgSummary(List<String> lines) {
    List<String> nodes = new ArrayList<>();
    long removed = 0;
    String executed = "";
    for (String line : lines) {
      Matcher node = PG_NODE.matcher(line);
      if (node.find()) {
        if (node.group(4) != null) {
          nodes.add(node.group(4));
        } else if (node.group(3).matches("durable_run(s|_attributes)")) {
          nodes.add(node.group(1) + (node.group(2) == null ? "" : " " + node.group(2)));
        } else if (node.group(1).equals("Bitmap Index Scan")
            && node.group(3).startsWith("durable_runs")) {
          nodes.add(node.group(1) + " " + node.group(3));
        }
      }
      Matcher rows = PG_ROWS.matcher(line);
      if (rows.find() && !line.contains("durable_schedule_runs")) {
        removed += Long.parseLong(rows.group(1));
      }
      Matcher time = PG_TIME.matcher(line);
      if (time.find()) {
        executed = time.group(1) + " ms";
      }
    }
    return String.join(" > ", nodes)
        + (removed > 0 ? String.format(Locale.ROOT, " (%,d rows filtered out)", removed) : "")
        + (executed.isEmpty() ? "" : ", " + executed);
  }

  /** The phase's section of a report. */
  static void report(Report report, Result g) {
    report.heading("(g) run search: Store.listRuns among " + String.format(Locale.ROOT, "%,d runs",
        g.runs()));
    report.lines(
        "Runs inserted with SQL (" + String.format(Locale.ROOT, "%.1f s", g.insertNanos() / 1e9)
            + " with the analyze): one started a second, 4 workflows in turn, 2 versions; 90 %"
            + " COMPLETED, 1 % FAILED (half with error code declined), 3 % SLEEPING, 1 % RUNNING,"
            + " 1 % PENDING, 4 % CANCELLED; 5 % are children (5 per parent); ids the MD5 of a"
            + " number in hex. Attributes: customer (100 runs each), region (a quarter of the"
            + " runs each), tier=gold (1 %). A query's plan is its search's (not the counts of"
            + " several attributes before it, nor the page's attributes after it).",
        "Each query: " + WARMUP_CALLS + " warm-up calls (fewer if they take over "
            + WARMUP_TIME.toSeconds() + " s), then " + CALLS + " timed calls (fewer if they take"
            + " over " + TIME_PER_QUERY.toSeconds() + " s), pages of 50 runs, on one"
            + " pooled connection (a pool of 2). \"Half-way back\" is the run started "
                + String.format(
            Locale.ROOT, "%,d", g.runs() / 2) + " s before the newest.");
    Report.TableBuilder table = report.table("query", "runs", "calls", "p50", "p99", "plan");
    for (Query q : g.queries()) {
      table.row(q.label(), String.valueOf(q.returned()), String.valueOf(q.calls()),
          Samples.ms(q.time().p50()), Samples.ms(q.time().p99()), q.planSummary());
    }
    List<String> slow = new ArrayList<>();
    for (Query q : g.queries()) {
      if (q.time().p50() / 1e6 > SLOW_MS) {
        slow.add(q.label());
      }
    }
    report.lines(slow.isEmpty()
        ? "Every query's p50 is within " + (int) SLOW_MS + " ms."
        : "Slower than " + (int) SLOW_MS + " ms at p50: " + String.join("; ", slow) + ".");
    for (Query q : g.queries()) {
      List<String> notes = new ArrayList<>();
      notes.add(q.label() + ": " + q.filter());
      q.planUse().ifPresent(use -> notes.add("The server ran the prepared query "
          + use.generic() + " times with its generic plan and " + use.custom()
          + " times with a custom plan."));
      report.lines(notes.toArray(String[]::new));
      report.code(q.plan());
    }
  }

  private static OffsetDateTime utc(Instant instant) {
    return OffsetDateTime.ofInstant(instant, ZoneOffset.UTC);
  }
}
