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
import dev.durable.runtime.internal.store.ops.OverviewTable;
import dev.durable.runtime.internal.store.ops.WorkflowShapesTable;
import dev.durable.runtime.internal.store.run.RunsTable;
import dev.durable.runtime.internal.store.signal.WorkflowSignalsTable;
import dev.durable.runtime.internal.store.sql.Announcements;
import dev.durable.runtime.internal.store.sql.Dialect;
import dev.durable.runtime.internal.store.sql.Notifications;
import dev.durable.runtime.internal.store.sql.Round;
import dev.durable.runtime.internal.store.sql.Schema;
import dev.durable.runtime.internal.store.sql.Sql;
import dev.durable.runtime.internal.store.sql.SqlErrors;
import dev.durable.runtime.internal.store.sql.Transactions;
import dev.durable.runtime.internal.store.sql.TurnProgress;
import dev.durable.runtime.internal.store.sql.Values;
import dev.durable.runtime.internal.store.tables.Tables;
import dev.durable.runtime.internal.store.turn.ProgressStatements;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * H2, embedded: the statements of a step sent one by one in a transaction ({@link
 * Round#oneByOne}), as each is an in-process call; the steps PostgreSQL does in one statement
 * done with statements H2 runs correctly ({@link H2Claims}, {@link H2Writes}, {@link
 * ProgressStatements}). One process owns the database, so nobody is notified ({@link
 * Notifications#NONE}). Its own statements besides: {@code MERGE} for an upsert, the counts per
 * period, and which index a read is to use where H2 would choose a worse one.
 */
public final class H2Dialect implements Dialect {
  /**
   * By default H2 acknowledges a commit up to half a second before writing it, and a killed
   * process loses it, which would let a completed step run again.
   */
  private static final String DURABLE_COMMITS = "SET WRITE_DELAY 0";
  /** The number of the period of a timestamp column (between this and {@link #PERIOD_OF}). */
  private static final String PERIOD = "FLOOR((EXTRACT(EPOCH FROM ";
  /** The period counted from {@code :from}, for each run read. */
  private static final String PERIOD_OF = ") * 1000"
      + " - CAST(:fromMillis AS BIGINT)) / CAST(:bucketMillis AS BIGINT))";

  private final Transactions transactions;
  private final H2Claims claims;
  private final H2Writes writes;
  private final ProgressStatements progress;
  private final Sql startedPerPeriod;
  private final Sql endedPerPeriod;
  private final Sql shapeUpsert;
  private final Sql signalNamesUpsert;

  public H2Dialect(Transactions transactions, Tables tables) {
    this.transactions = transactions;
    this.claims = new H2Claims(tables.runs(), tables.steps(), tables.events(), tables.tasks());
    this.writes = new H2Writes(tables.runs(), tables.events(), tables.attributes(),
        tables.tasks(), tables.slots());
    this.progress = new ProgressStatements(tables.runs(), Announcements.NONE);
    String runs = tables.runs().table;
    startedPerPeriod = Sql.of("SELECT p, COUNT(*) FROM (SELECT " + PERIOD + "created_at"
        + PERIOD_OF + " AS p FROM " + runs + OverviewTable.STARTED_IN_WINDOW + ") t GROUP BY p");
    // told which index to use: left to choose, H2 took the runs by state (status_created) for
    // the condition on the state, and read every ended run there is
    endedPerPeriod = Sql.of("SELECT status, p, COUNT(*) FROM (SELECT status, " + PERIOD
        + "updated_at" + PERIOD_OF + " AS p FROM " + runs + " USE INDEX ("
        + RunsTable.ENDED_INDEX + ")" + OverviewTable.ENDED_IN_WINDOW
        + ") t GROUP BY status, p");
    Schema schema = tables.schema();
    shapeUpsert = Sql.of("MERGE INTO " + schema.table(WorkflowShapesTable.NAME) + " ("
        + WorkflowShapesTable.COLUMNS + ") KEY (workflow_name, workflow_version) VALUES ("
        + WorkflowShapesTable.VALUES + ")");
    signalNamesUpsert = Sql.of("MERGE INTO " + schema.table(WorkflowSignalsTable.NAME)
        + " t USING (VALUES (CAST(:name AS VARCHAR(200)), CAST(:version AS VARCHAR(100))))"
        + " s (workflow_name, workflow_version) ON t.workflow_name = s.workflow_name"
        + " AND t.workflow_version = s.workflow_version WHEN MATCHED THEN UPDATE SET"
        + " signal_names = " + WorkflowSignalsTable.UNION + ", updated_at = :now"
        + " WHEN NOT MATCHED THEN INSERT (workflow_name, workflow_version, signal_names,"
        + " updated_at) VALUES (:name, :version, :names, :now)");
  }

  @Override
  public <T> T inOneCommit(String what, Transactions.Work<T> work) {
    return transactions.inTransaction(what, work);
  }

  @Override
  public Round send(Connection connection, Round.Statements statements, Values values) {
    return Round.oneByOne(connection, statements, values);
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
    return writes.insertIfAbsent(connection, run);
  }

  @Override
  public boolean[] startRuns(Connection connection, List<NewRun> runs) throws SQLException {
    return writes.startRuns(connection, runs);
  }

  /** No run is handed back: the engine's claim is an in-process call, no round trip to spare. */
  @Override
  public StoredOutcomes storeOutcomes(Connection connection, List<FinishedTask> finished,
      String workerId, Instant now, HandBack handBack) throws SQLException {
    return writes.storeOutcomes(connection, finished, workerId, now);
  }

  @Override
  public SlotTake takeSlot(Connection connection, Queue queue, Values values)
      throws SQLException {
    return writes.takeSlot(connection, queue, values);
  }

  @Override
  public int updateLocked(Connection connection, Sql inOne, Sql lock, Sql update, Values values)
      throws SQLException {
    List<String> locked = lock.list(connection, values, rows -> rows.getString(1));
    return locked.isEmpty() ? 0 : update.update(connection, values.strings("locked", locked));
  }

  /** No limit: a batch of progress is one transaction of plain statements. */
  @Override
  public int progressParameters() {
    return Integer.MAX_VALUE;
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

  /**
   * H2 has no {@code DO UPDATE}: {@code MERGE}, whose insert a concurrent insert of the same key
   * can fail with a unique violation, after which the same statement updates.
   */
  @Override
  public int upsert(Connection connection, Sql upsert, Values values) throws SQLException {
    try {
      return upsert.update(connection, values);
    } catch (SQLException e) {
      if (!SqlErrors.isUniqueViolation(e)) {
        throw e;
      }
      return upsert.update(connection, values);
    }
  }

  /**
   * Just above the key. H2 starts a range scan for {@code >} at the value itself and filters the
   * equal entries out, so that each step of the loose scan walked every queued run of the key
   * before: an admission among 100,000 queued runs took twice as long as among 1,000. A key holds
   * no control character ({@code StartOptions}), so the range starts at the key and U+0001, and no
   * key lies between the two.
   */
  @Override
  public String keyAbove(String key) {
    return key.isEmpty() ? key : key + '\u0001';
  }

  /** None: the LIKE alone filters. */
  @Override
  public String runIdPrefixRange() {
    return "";
  }

  /** One process owns the database: its writers of values wake its readers themselves. */
  @Override
  public boolean oneProcess() {
    return true;
  }

  @Override
  public Notifications notifications() {
    return Notifications.NONE;
  }

  @Override
  public Announcements announcements() {
    return Announcements.NONE;
  }

  @Override
  public void requireDurableCommits() {
    transactions.inTransaction("configure durable commits", connection -> {
      try (Statement set = connection.createStatement()) {
        set.execute(DURABLE_COMMITS);
      }
      return null;
    });
  }

  @Override
  public Optional<String> upkeepWarning() {
    return Optional.empty();
  }
}
