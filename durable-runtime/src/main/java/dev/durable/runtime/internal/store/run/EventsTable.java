package dev.durable.runtime.internal.store.run;

import dev.durable.runtime.HistoryEvent;
import dev.durable.runtime.codec.StoredForm;
import dev.durable.runtime.internal.model.Commit;
import dev.durable.runtime.internal.model.EventType;
import dev.durable.runtime.internal.model.NewEvent;
import dev.durable.runtime.internal.store.sql.PayloadColumn;
import dev.durable.runtime.internal.store.sql.Rows;
import dev.durable.runtime.internal.store.sql.Schema;
import dev.durable.runtime.internal.store.sql.Sql;
import dev.durable.runtime.internal.store.sql.Values;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The catalogue of {@code durable_events}, the runs' histories: appending events (alone, or in the
 * statements that log as they write: a claim, a start, a turn's progress) and reading them. Built
 * once per store, with its schema ({@code Tables}).
 */
public final class EventsTable {
  static final String NAME = "durable_events";
  private static final String SEQUENCE = "durable_events_id_seq";

  /** An insert of events of a run itself, at no step: before its rows. */
  final String insertRunEvents;
  public final Sql insert;
  /**
   * Logs the claim of runs (after it: rows of {@code run_id}, {@code previous_status} and {@code
   * previous_owner}): the detail is the new owner, and whom it took over from where a lease
   * expired.
   */
  private final String logClaimedFrom;
  /** The run's events, oldest first: the log's rows and the events its checkpoints carry. */
  private final Sql select;
  /** Makes rows of the events carried by checkpoints about to be deleted, so the log keeps them. */
  private final Sql keepCarried;
  /** A deleted run's events ({@code FinishedRuns}). */
  public final Sql deleteOfRun;
  private final String table;
  /** The column of the details, which may quote payloads. */
  public final List<PayloadColumn> payloadColumns;
  private final String sequence;
  /** The log of an inserted run's start ({@link #logInserted}), by the number of its events. */
  private final Map<Integer, String> insertedLogs = new ConcurrentHashMap<>();
  private final Map<String, Sql> fencedLogs = new ConcurrentHashMap<>();
  private final Map<Integer, String> numberedIds = new ConcurrentHashMap<>();
  /** How the details are stored: they may quote payloads, so through the payload codec if any. */
  private final StoredForm form;

  /**
   * @param steps the steps' table, qualified, whose checkpoints carry events of their own
   * @param form how details are stored
   */
  public EventsTable(Schema schema, String steps, StoredForm form) {
    this.form = form;
    table = schema.table(NAME);
    payloadColumns = PayloadColumn.of(table, List.of("id"), "detail");
    sequence = schema.table(SEQUENCE);
    insertRunEvents = "INSERT INTO " + table + " (run_id, at, type, attempt, detail)";
    insert = Sql.of("INSERT INTO " + table + " (run_id, at, type, step, attempt, detail)"
        + " VALUES (:runId, :at, :type, :step, :attempt, :detail)");
    logClaimedFrom = insertRunEvents + " SELECT run_id, :now, '" + EventType.RUN_CLAIMED.stored()
        + "', 0, CASE WHEN previous_status = 'RUNNING' AND previous_owner IS NOT NULL"
        + " THEN :owner || ' took over from ' || previous_owner || ', whose lease expired'"
        + " ELSE :owner END FROM ";
    // the events that the checkpoints of a run from a position on carry ({@code
    // Commit.CheckpointWrite#carriesEvents}), as rows of the log
    String carried = "SELECT started_event, run_id, started_at, 'step.started', name, 1, '"
        + Commit.CheckpointWrite.LOCAL_DETAIL + "' FROM " + steps
        + " WHERE run_id = :runId AND seq >= :seq AND started_event IS NOT NULL"
        + " UNION ALL SELECT completed_event, run_id, updated_at, 'step.completed', name,"
        + " attempts, NULL FROM " + steps
        + " WHERE run_id = :runId AND seq >= :seq AND completed_event IS NOT NULL";
    select = Sql.of("SELECT id, run_id, at, type, step, attempt, detail FROM " + table
        + " WHERE run_id = :runId UNION ALL " + carried + " ORDER BY 1");
    keepCarried = Sql.of(
        "INSERT INTO " + table + " (id, run_id, at, type, step, attempt, detail) " + carried);
    deleteOfRun = Sql.of("DELETE FROM " + table + " WHERE run_id = :runId");
  }

  /**
   * Logs the claim of the runs {@code rows} (an SQL source of {@code run_id}, {@code
   * previous_status} and {@code previous_owner}, a claim statement's {@code claimed}, say) returns:
   * for the claims' statements as their dialect writes them.
   */
  public String logClaimed(String rows) {
    return logClaimedFrom + rows;
  }

  /**
   * Logs {@code events} events of the run that a {@code WITH} before inserted ({@code inserted}),
   * in order: {@code :at<i>, :type<i>, :detail<i>} for each (PostgreSQL's start of runs).
   */
  public String logInserted(int events) {
    return insertedLogs.computeIfAbsent(events, n -> {
      StringBuilder sql = new StringBuilder(insertRunEvents)
          .append(" SELECT i.run_id, v.at, v.type, 0, v.detail FROM inserted i")
          .append(" CROSS JOIN (VALUES ");
      for (int e = 0; e < n; e++) {
        sql.append(e == 0 ? "" : ", ").append("(:at").append(e).append("::timestamptz, :type")
            .append(e).append(", :detail").append(e).append(", ").append(e).append(')');
      }
      return sql.append(") AS v(at, type, detail, ord) ORDER BY v.ord").toString();
    });
  }

  /** The values of {@link #logInserted} for {@code events}. */
  public Values insertedValues(Values values, List<NewEvent> events) {
    for (int e = 0; e < events.size(); e++) {
      NewEvent event = events.get(e);
      values.instant("at" + e, event.at()).string("type" + e, event.type())
          .string("detail" + e, form.seal(event.detail()));
    }
    return values;
  }

  /**
   * Logs {@code events} events of the run of a progress statement's {@code fenced} row, in order,
   * after {@code carried} events that its checkpoints carry, if any, whose ids come first: then
   * the events take the ids numbered after those ({@code numbered x}). {@code :at<i>, :type<i>,
   * :step<i>, :attempt<i>, :detail<i>} for each.
   */
  public Sql logFenced(int events, int carried) {
    return fencedLogs.computeIfAbsent(events + "/" + carried, key -> {
      StringBuilder sql = new StringBuilder(carried == 0
          ? "INSERT INTO " + table + " (run_id, at, type, step, attempt, detail)"
              + " SELECT f.run_id, v.at, v.type, v.step, v.attempt, v.detail"
          : "INSERT INTO " + table + " (id, run_id, at, type, step, attempt, detail)"
              + " SELECT x.id, f.run_id, v.at, v.type, v.step, v.attempt, v.detail");
      sql.append(" FROM fenced f CROSS JOIN (VALUES ");
      for (int e = 0; e < events; e++) {
        sql.append(e == 0 ? "" : ", ").append("(:at").append(e).append("::timestamptz, :type")
            .append(e).append(", :step").append(e).append(", :attempt").append(e)
            .append("::int4, :detail").append(e).append(", ").append(e).append(')');
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
  public String numberedIds(int count) {
    return numberedIds.computeIfAbsent(count, n -> "ids AS (SELECT nextval('" + sequence
        + "') AS id FROM fenced CROSS JOIN generate_series(1, " + n + ")),"
        + " numbered AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM ids)");
  }

  /** The values of {@link #logFenced} for {@code events}. */
  public Values fencedValues(Values values, List<NewEvent> events) {
    for (int e = 0; e < events.size(); e++) {
      NewEvent event = events.get(e);
      values.instant("at" + e, event.at()).string("type" + e, event.type())
          .string("step" + e, event.step()).int4("attempt" + e, event.attempt())
          .string("detail" + e, form.seal(event.detail()));
    }
    return values;
  }

  /** The values of {@link #insert} for an event of run {@code runId}. */
  public Values values(String runId, NewEvent event) {
    return new Values().string("runId", runId).instant("at", event.at())
        .string("type", event.type()).string("step", event.step())
        .int4("attempt", event.attempt()).string("detail", form.seal(event.detail()));
  }

  /** Appends events of one run, in order, as one batch. */
  public void append(Connection connection, String runId, List<NewEvent> events)
      throws SQLException {
    append(connection, events.stream().map(e -> new Entry(runId, e)).toList());
  }

  /** An event of some run. */
  public record Entry(String runId, NewEvent event) {}

  /** Appends events of several runs, in order, as one batch. */
  public void append(Connection connection, List<Entry> entries) throws SQLException {
    if (entries.isEmpty()) {
      return;
    }
    try (PreparedStatement batch = connection.prepareStatement(insert.text())) {
      for (Entry entry : entries) {
        insert.bind(batch, values(entry.runId(), entry.event()));
        batch.addBatch();
      }
      batch.executeBatch();
    }
  }

  /**
   * Writes as rows of the log the events carried by the run's checkpoints from position {@code
   * seq} on, which are about to be deleted: the run's history keeps them.
   */
  void keepCarried(Connection connection, String runId, int seq) throws SQLException {
    keepCarried.update(connection, new Values().string("runId", runId).int4("seq", seq));
  }

  /** The run's events, oldest first: the log's rows and the events its checkpoints carry. */
  public List<HistoryEvent> read(Connection connection, String runId) throws SQLException {
    return select.list(connection, new Values().string("runId", runId).int4("seq", 0),
        rows -> new HistoryEvent(rows.getLong(1), rows.getString(2), Rows.instant(rows, 3),
            rows.getString(4), Optional.ofNullable(rows.getString(5)), rows.getInt(6),
            form.shown(rows.getString(7))));
  }
}
