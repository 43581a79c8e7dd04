package dev.durable.runtime.internal.store.dialect;

import dev.durable.runtime.Queue;
import dev.durable.runtime.internal.model.ClaimedRun;
import dev.durable.runtime.internal.model.FinishedTask;
import dev.durable.runtime.internal.model.HandBack;
import dev.durable.runtime.internal.model.NewRun;
import dev.durable.runtime.internal.model.SlotTake;
import dev.durable.runtime.internal.model.StoredOutcomes;
import dev.durable.runtime.internal.model.TaskRecord;
import dev.durable.runtime.internal.model.WorkflowKey;
import dev.durable.runtime.internal.store.flow.QueueSlotsTable;
import dev.durable.runtime.internal.store.ops.OverviewTable;
import dev.durable.runtime.internal.store.ops.WorkflowShapesTable;
import dev.durable.runtime.internal.store.signal.WorkflowSignalsTable;
import dev.durable.runtime.internal.store.sql.Announcements;
import dev.durable.runtime.internal.store.sql.Dialect;
import dev.durable.runtime.internal.store.sql.Notifications;
import dev.durable.runtime.internal.store.sql.Round;
import dev.durable.runtime.internal.store.sql.Rows;
import dev.durable.runtime.internal.store.sql.Schema;
import dev.durable.runtime.internal.store.sql.Sql;
import dev.durable.runtime.internal.store.sql.Transactions;
import dev.durable.runtime.internal.store.sql.TurnProgress;
import dev.durable.runtime.internal.store.sql.Values;
import dev.durable.runtime.internal.store.tables.Tables;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * PostgreSQL, over the network: a step of an algorithm is one text, autocommitted: one round trip
 * and one commit ({@link Round#oneText}). Its claims, starts, outcomes and progress are each one
 * statement or one text ({@link PostgresClaims}, {@link PostgresStarts}, {@link PostgresOutcomes},
 * {@link PostgresProgress}), to which the notifications of what they commit are appended ({@link
 * PostgresNotifications}, or none where the store is poll-only). Its own statements besides: the
 * take of a queue slot, the counts per period, the upserts.
 */
public final class PostgresDialect implements Dialect {
  /**
   * The most parameters one text of a progress batch binds: the driver refuses more than 65,535,
   * and a batch stays well below so that its text stays small too.
   */
  static final int MAX_STATEMENT_PARAMETERS = 30_000;
  /**
   * The runs counted per period start ({@code date_bin}, PostgreSQL 14 and later, in whole
   * microseconds), then each period's number from its start (after it: the query, whose first
   * column is the start). The numeric arithmetic of H2's count for each run cost PostgreSQL three
   * times what the read did; here it is done once per period.
   */
  private static final String PERIODS = "SELECT FLOOR(EXTRACT(EPOCH FROM t.p - CAST(:from AS"
      + " TIMESTAMP WITH TIME ZONE)) * 1000 / CAST(:bucketMillis AS BIGINT) + 0.5), t.* FROM (";
  /** The start of the period of a timestamp column, between this and {@link #BIN_FROM}. */
  private static final String BIN = "date_bin(CAST(:bucketMillis AS DOUBLE PRECISION)"
      + " * INTERVAL '1 millisecond', ";
  private static final String BIN_FROM = ", CAST(:from AS TIMESTAMP WITH TIME ZONE))";

  private final Transactions transactions;
  private final QueueSlotsTable slots;
  private final Notifications notifications;
  private final Announcements announcements;
  private final PostgresClaims claims;
  private final PostgresStarts starts;
  private final PostgresOutcomes outcomes;
  private final PostgresProgress progress;
  private final PostgresUpkeep upkeep;
  private final Sql startedPerPeriod;
  private final Sql endedPerPeriod;
  private final Sql shapeUpsert;
  private final Sql signalNamesUpsert;
  /** The takes of a queue's slot, by shape: with a concurrency limit (2), a rate (1). */
  private final Map<Integer, Sql> takes = new ConcurrentHashMap<>();

  /** @param origin what this process's wake-ups carry ({@code Notifications#wakeOrigin}) */
  public PostgresDialect(Transactions transactions, Tables tables, String origin,
      Notifications notifications) {
    this.transactions = transactions;
    this.slots = tables.slots();
    this.notifications = notifications;
    this.announcements = new Announcements(notifications, origin);
    this.claims = new PostgresClaims(tables.runs(), tables.steps(), tables.events(),
        tables.tasks());
    this.starts = new PostgresStarts(tables.runs(), tables.events(), tables.attributes(),
        announcements);
    this.outcomes = new PostgresOutcomes(tables.tasks(), tables.runs(), claims, announcements,
        origin);
    this.progress = new PostgresProgress(tables.runs(), tables.events(), announcements);
    this.upkeep = new PostgresUpkeep(tables.schema());
    String runs = tables.runs().table;
    startedPerPeriod = Sql.of("SELECT n, c FROM (" + PERIODS + "SELECT " + BIN + "created_at"
        + BIN_FROM + " AS p, COUNT(*) AS c FROM " + runs + OverviewTable.STARTED_IN_WINDOW
        + " GROUP BY p) t) s(n, p, c)");
    endedPerPeriod = Sql.of("SELECT status, n, c FROM (" + PERIODS + "SELECT " + BIN
        + "updated_at" + BIN_FROM + " AS p, status, COUNT(*) AS c FROM " + runs
        + OverviewTable.ENDED_IN_WINDOW + " GROUP BY p, status) t) s(n, p, status, c)");
    Schema schema = tables.schema();
    shapeUpsert = Sql.of("INSERT INTO " + schema.table(WorkflowShapesTable.NAME) + " ("
        + WorkflowShapesTable.COLUMNS + ") VALUES (" + WorkflowShapesTable.VALUES + ")"
        + " ON CONFLICT (workflow_name, workflow_version)"
        + " DO UPDATE SET shape = EXCLUDED.shape, updated_at = EXCLUDED.updated_at");
    signalNamesUpsert = Sql.of("INSERT INTO " + schema.table(WorkflowSignalsTable.NAME)
        + " AS t (workflow_name, workflow_version, signal_names, updated_at)"
        + " VALUES (:name, :version, :names, :now)"
        + " ON CONFLICT (workflow_name, workflow_version) DO UPDATE SET signal_names = "
        + WorkflowSignalsTable.UNION + ", updated_at = EXCLUDED.updated_at");
  }

  @Override
  public <T> T inOneCommit(String what, Transactions.Work<T> work) {
    return transactions.autocommit(what, work);
  }

  @Override
  public Round send(Connection connection, Round.Statements statements, Values values)
      throws SQLException {
    return Round.oneText(connection, statements, values);
  }

  @Override
  public List<ClaimedRun> claimDue(Connection connection, List<WorkflowKey> workflows, int batch,
      Instant now, String owner, Instant leaseUntil) throws SQLException {
    return claims.due(connection, workflows, batch, now, owner, leaseUntil);
  }

  @Override
  public List<ClaimedRun> claimAhead(Connection connection, List<String> runIds, Instant dueBy,
      Instant now, String owner, Instant leaseUntil) throws SQLException {
    return claims.ahead(connection, runIds, dueBy, now, owner, leaseUntil);
  }

  @Override
  public List<TaskRecord> claimTasks(Connection connection, List<String> steps, int limit,
      String workerId, Instant now) throws SQLException {
    return claims.tasks(connection, steps, limit, workerId, now);
  }

  @Override
  public boolean insertIfAbsent(Connection connection, NewRun run) throws SQLException {
    return starts.insertIfAbsent(connection, run);
  }

  @Override
  public boolean[] startRuns(Connection connection, List<NewRun> runs) throws SQLException {
    return starts.start(connection, runs);
  }

  @Override
  public StoredOutcomes storeOutcomes(Connection connection, List<FinishedTask> finished,
      String workerId, Instant now, HandBack handBack) throws SQLException {
    return outcomes.store(connection, finished, workerId, now, handBack);
  }

  /**
   * A take in one statement: the free slot and the free permit each locked {@code FOR UPDATE
   * SKIP LOCKED}, each updated only if the other was found; it reads whether a permit was free,
   * and the oldest permit's use from before the statement, for when the rate limit frees one.
   */
  @Override
  public SlotTake takeSlot(Connection connection, Queue queue, Values values)
      throws SQLException {
    boolean limited = queue.concurrency() > 0;
    boolean rate = queue.ratePeriod().isPresent();
    Sql take = takes.computeIfAbsent((limited ? 2 : 0) + (rate ? 1 : 0), shape -> {
      List<String> parts = new ArrayList<>();
      if (limited) {
        parts.add("s AS (" + slots.freeSlot.named() + ")");
      }
      if (rate) {
        parts.add("p AS (" + slots.freePermit.named() + ")");
      }
      if (limited) {
        parts.add("held AS (UPDATE " + slots.slots + " t SET holder = :engine,"
            + " held_by = :heldBy, lease_until = :leaseUntil FROM s WHERE t.queue_name = :queue"
            + " AND t.slot = s.slot" + (rate ? " AND EXISTS (SELECT 1 FROM p)" : "")
            + " RETURNING t.slot)");
      }
      if (rate) {
        parts.add("used AS (UPDATE " + slots.permits + " t SET used_at = :now FROM p"
            + " WHERE t.queue_name = :queue AND t.permit = p.permit"
            + (limited ? " AND EXISTS (SELECT 1 FROM s)" : "") + " RETURNING t.permit)");
      }
      return Sql.of("WITH " + String.join(", ", parts) + " SELECT "
          + (limited ? "(SELECT slot FROM held)" : "-1") + ", "
          + (rate ? "(SELECT COUNT(*) FROM p), (" + slots.oldestUse.named() + ")" : "1, NULL"));
    });
    return take.first(connection, values, rows -> {
      int slot = rows.getInt(1);
      boolean slotTaken = !rows.wasNull();
      boolean permitFree = rows.getInt(2) > 0;
      if (!permitFree) {
        return new SlotTake(false, -1, Optional.ofNullable(Rows.instant(rows, 3))
            .map(at -> at.plus(queue.ratePeriod().get())));
      }
      return slotTaken ? new SlotTake(true, slot, Optional.empty())
          : SlotTake.full();
    }).orElseThrow();
  }

  @Override
  public int updateLocked(Connection connection, Sql inOne, Sql lock, Sql update, Values values)
      throws SQLException {
    return inOne.update(connection, values);
  }

  @Override
  public int progressParameters() {
    return MAX_STATEMENT_PARAMETERS;
  }

  @Override
  public boolean[] writeProgress(Connection connection, List<TurnProgress> turns,
      Instant now, boolean[] woken) throws SQLException {
    return progress.write(connection, turns, now, woken);
  }

  @Override
  public Sql startedPerPeriod() {
    return startedPerPeriod;
  }

  @Override
  public Sql endedPerPeriod() {
    return endedPerPeriod;
  }

  @Override
  public Sql shapeUpsert() {
    return shapeUpsert;
  }

  @Override
  public Sql signalNamesUpsert() {
    return signalNamesUpsert;
  }

  /** Once: {@code ON CONFLICT ... DO UPDATE} is atomic against a concurrent insert of the key. */
  @Override
  public int upsert(Connection connection, Sql upsert, Values values) throws SQLException {
    return upsert.update(connection, values);
  }

  /**
   * The key itself: PostgreSQL starts a range for {@code >} after the value, and its collation
   * need not order U+0001 as H2 does ({@link H2Dialect#keyAbove}).
   */
  @Override
  public String keyAbove(String key) {
    return key;
  }

  /** The run id index in the "C" collation (migration V12.1), which a prefix's range seeks. */
  @Override
  public String runIdPrefixRange() {
    return " AND r.run_id COLLATE \"C\" >= :prefix AND r.run_id COLLATE \"C\" < :above";
  }

  /** Other processes may write runs' values: they are told through {@link #notifications}. */
  @Override
  public boolean oneProcess() {
    return false;
  }

  @Override
  public Notifications notifications() {
    return notifications;
  }

  @Override
  public Announcements announcements() {
    return announcements;
  }

  /** PostgreSQL commits durably already. */
  @Override
  public void requireDurableCommits() {}

  /** See {@link PostgresUpkeep}. */
  @Override
  public Optional<String> upkeepWarning() {
    return transactions.autocommit("read the autovacuum settings", upkeep::warning);
  }
}
