package dev.durable.runtime.internal.store;

import dev.durable.runtime.HistoryEvent;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The catalogue of {@code durable_events}, the runs' histories: appending events (alone, or in the
 * statements that log as they write: a claim, a start, a turn's progress) and reading them.
 */
final class EventsTable {
  /** An insert of events of a run itself, at no step: before its rows. */
  static final String INSERT_RUN_EVENTS =
      "INSERT INTO durable_events (run_id, at, type, attempt, detail)";
  static final Sql INSERT = Sql.of(
      "INSERT INTO durable_events (run_id, at, type, step, attempt, detail)"
          + " VALUES (:runId, :at, :type, :step, :attempt, :detail)");
  /**
   * Logs the claim of runs ({@code %s}: rows of {@code run_id}, {@code previous_status} and {@code
   * previous_owner}): the detail is the new owner, and whom it took over from where a lease
   * expired.
   */
  private static final String LOG_CLAIMED_FROM =
      INSERT_RUN_EVENTS + " SELECT run_id, :now, '" + EventType.RUN_CLAIMED.stored() + "', 0,"
          + " CASE WHEN previous_status = 'RUNNING' AND previous_owner IS NOT NULL"
          + " THEN :owner || ' took over from ' || previous_owner || ', whose lease expired'"
          + " ELSE :owner END FROM %s";
  /** {@link #LOG_CLAIMED_FROM} of the runs a claim statement returned ({@code claimed}). */
  static final Sql LOG_CLAIMED = Sql.of(String.format(LOG_CLAIMED_FROM, "claimed"));
  /** {@link #LOG_CLAIMED_FROM} of one run, claimed after it was read. */
  static final Sql LOG_CLAIMED_ONE = Sql.of(String.format(LOG_CLAIMED_FROM,
      "(SELECT CAST(:runId AS VARCHAR(200)) AS run_id,"
          + " CAST(:previousStatus AS VARCHAR(16)) AS previous_status,"
          + " CAST(:previousOwner AS VARCHAR(200)) AS previous_owner) claimed"));
  /**
   * The events that the checkpoints of a run from a position on carry ({@code
   * Commit.CheckpointWrite#carriesEvents}), as rows of the log.
   */
  private static final String CARRIED =
      "SELECT started_event, run_id, started_at, 'step.started', name, 1, '"
          + Commit.CheckpointWrite.LOCAL_DETAIL + "' FROM " + StepsTable.TABLE
          + " WHERE run_id = :runId AND seq >= :seq AND started_event IS NOT NULL"
          + " UNION ALL SELECT completed_event, run_id, updated_at, 'step.completed', name,"
          + " attempts, NULL FROM " + StepsTable.TABLE
          + " WHERE run_id = :runId AND seq >= :seq AND completed_event IS NOT NULL";
  /** The run's events, oldest first: the log's rows and the events its checkpoints carry. */
  private static final Sql SELECT = Sql.of(
      "SELECT id, run_id, at, type, step, attempt, detail FROM durable_events"
          + " WHERE run_id = :runId UNION ALL " + CARRIED + " ORDER BY 1");
  /** Makes rows of the events carried by checkpoints about to be deleted, so the log keeps them. */
  private static final Sql KEEP_CARRIED = Sql.of(
      "INSERT INTO durable_events (id, run_id, at, type, step, attempt, detail) " + CARRIED);
  /** A deleted run's events ({@link FinishedRuns}). */
  static final Sql DELETE_OF_RUN = Sql.of("DELETE FROM durable_events WHERE run_id = :runId");
  /** The log of an inserted run's start ({@link #logInserted}), by the number of its events. */
  private static final Map<Integer, String> INSERTED_LOGS = new ConcurrentHashMap<>();
  private static final Map<String, Sql> FENCED_LOGS = new ConcurrentHashMap<>();

  private EventsTable() {}

  /**
   * Logs {@code events} events of the run that a {@code WITH} before inserted ({@code inserted}),
   * in order: {@code :at<i>, :type<i>, :detail<i>} for each (PostgreSQL's start of runs).
   */
  static String logInserted(int events) {
    return INSERTED_LOGS.computeIfAbsent(events, n -> {
      StringBuilder sql = new StringBuilder(INSERT_RUN_EVENTS)
          .append(" SELECT i.run_id, v.at, v.type, 0, v.detail FROM inserted i")
          .append(" CROSS JOIN (VALUES ");
      for (int e = 0; e < n; e++) {
        sql.append(e == 0 ? "" : ", ").append(String.format(
            "(:at%1$d::timestamptz, :type%1$d, :detail%1$d, %1$d)", e));
      }
      return sql.append(") AS v(at, type, detail, ord) ORDER BY v.ord").toString();
    });
  }

  /** The values of {@link #logInserted} for {@code events}. */
  static Values insertedValues(Values values, List<NewEvent> events) {
    for (int e = 0; e < events.size(); e++) {
      NewEvent event = events.get(e);
      values.instant("at" + e, event.at()).string("type" + e, event.type())
          .string("detail" + e, event.detail());
    }
    return values;
  }

  /**
   * Logs {@code events} events of the run of a progress statement's {@code fenced} row, in order,
   * after {@code carried} events that its checkpoints carry, if any, whose ids come first: then
   * the events take the ids numbered after those ({@code numbered x}). {@code :at<i>, :type<i>,
   * :step<i>, :attempt<i>, :detail<i>} for each.
   */
  static Sql logFenced(int events, int carried) {
    return FENCED_LOGS.computeIfAbsent(events + "/" + carried, key -> {
      StringBuilder sql = new StringBuilder(carried == 0
          ? "INSERT INTO durable_events (run_id, at, type, step, attempt, detail)"
              + " SELECT f.run_id, v.at, v.type, v.step, v.attempt, v.detail"
          : "INSERT INTO durable_events (id, run_id, at, type, step, attempt, detail)"
              + " SELECT x.id, f.run_id, v.at, v.type, v.step, v.attempt, v.detail");
      sql.append(" FROM fenced f CROSS JOIN (VALUES ");
      for (int e = 0; e < events; e++) {
        sql.append(e == 0 ? "" : ", ").append(String.format(
            "(:at%1$d::timestamptz, :type%1$d, :step%1$d, :attempt%1$d::int4, :detail%1$d, %1$d)",
            e));
      }
      sql.append(") AS v(at, type, step, attempt, detail, ord)");
      if (carried > 0) {
        sql.append(" JOIN numbered x ON x.n = v.ord + ").append(carried + 1);
      }
      return Sql.of(sql.append(" ORDER BY v.ord").toString());
    });
  }

  /**
   * The log's next {@code count} ids, in order and numbered from 1 ({@code numbered}: {@code id},
   * {@code n}), drawn only where a progress statement's fence held ({@code fenced}): two {@code
   * WITH} entries of it.
   */
  static String numberedIds(int count) {
    return "ids AS (SELECT nextval('durable_events_id_seq') AS id FROM fenced CROSS JOIN"
        + " generate_series(1, " + count + ")),"
        + " numbered AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM ids)";
  }

  /** The values of {@link #logFenced} for {@code events}. */
  static Values fencedValues(Values values, List<NewEvent> events) {
    for (int e = 0; e < events.size(); e++) {
      NewEvent event = events.get(e);
      values.instant("at" + e, event.at()).string("type" + e, event.type())
          .string("step" + e, event.step()).int4("attempt" + e, event.attempt())
          .string("detail" + e, event.detail());
    }
    return values;
  }

  /** The values of {@link #INSERT} for an event of run {@code runId}. */
  static Values values(String runId, NewEvent event) {
    return new Values().string("runId", runId).instant("at", event.at())
        .string("type", event.type()).string("step", event.step())
        .int4("attempt", event.attempt()).string("detail", event.detail());
  }

  /** Appends events of one run, in order, as one batch. */
  static void append(Connection connection, String runId, List<NewEvent> events)
      throws SQLException {
    append(connection, events.stream().map(e -> new Entry(runId, e)).toList());
  }

  /** An event of some run. */
  record Entry(String runId, NewEvent event) {}

  /** Appends events of several runs, in order, as one batch. */
  static void append(Connection connection, List<Entry> entries) throws SQLException {
    if (entries.isEmpty()) {
      return;
    }
    try (PreparedStatement insert = connection.prepareStatement(INSERT.text())) {
      for (Entry entry : entries) {
        NewEvent event = entry.event();
        INSERT.bind(insert, values(entry.runId(), event));
        insert.addBatch();
      }
      insert.executeBatch();
    }
  }

  /**
   * Writes as rows of the log the events carried by the run's checkpoints from position {@code
   * seq} on, which are about to be deleted: the run's history keeps them.
   */
  static void keepCarried(Connection connection, String runId, int seq) throws SQLException {
    KEEP_CARRIED.update(connection, new Values().string("runId", runId).int4("seq", seq));
  }

  /** The run's events, oldest first: the log's rows and the events its checkpoints carry. */
  static List<HistoryEvent> read(Connection connection, String runId) throws SQLException {
    return SELECT.list(connection, new Values().string("runId", runId).int4("seq", 0),
        rows -> new HistoryEvent(rows.getLong(1), rows.getString(2), Rows.instant(rows, 3),
            rows.getString(4), Optional.ofNullable(rows.getString(5)), rows.getInt(6),
            rows.getString(7)));
  }
}
