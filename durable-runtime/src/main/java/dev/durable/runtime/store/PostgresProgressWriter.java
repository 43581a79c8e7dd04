package dev.durable.runtime.store;

import dev.durable.runtime.RunError;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Writes a whole batch of progress as one PostgreSQL statement: the runs, their checkpoints and
 * their events travel as arrays, data-modifying CTEs fence the runs by epoch and write the rest
 * only for the runs whose fence held. Run in autocommit mode, a batch costs one round trip and one
 * commit, however many runs it carries.
 */
final class PostgresProgressWriter implements ProgressWriter {
  private static final String WRITE =
      "WITH req AS ("
          + "  SELECT * FROM unnest(?::varchar[], ?::int8[], ?::varchar[], ?::text[]::timestamptz[],"
          + "    ?::text[], ?::text[], ?::varchar[], ?::varchar[], ?::varchar[])"
          + "  AS r(run_id, epoch, change, wake_at, output, error_message, error_code, error_type,"
          + "    error_step)"
          + "), fenced AS ("
          + "  UPDATE durable_runs d SET updated_at = ?::timestamptz,"
          + "    status = CASE WHEN r.change = 'TOUCH' THEN d.status ELSE r.change END,"
          + "    wake_at = CASE r.change WHEN 'TOUCH' THEN d.wake_at WHEN 'SLEEPING' THEN r.wake_at"
          + "      END,"
          + "    due_at = CASE r.change WHEN 'TOUCH' THEN d.due_at WHEN 'SLEEPING' THEN r.wake_at END,"
          + "    lease_owner = CASE WHEN r.change = 'TOUCH' THEN d.lease_owner END,"
          + "    lease_until = CASE WHEN r.change = 'TOUCH' THEN d.lease_until END,"
          + "    output = CASE WHEN r.change = 'COMPLETED' THEN r.output ELSE d.output END,"
          + "    error_message = CASE WHEN r.change = 'FAILED' THEN r.error_message"
          + "      ELSE d.error_message END,"
          + "    error_code = CASE WHEN r.change = 'FAILED' THEN r.error_code ELSE d.error_code END,"
          + "    error_type = CASE WHEN r.change = 'FAILED' THEN r.error_type ELSE d.error_type END,"
          + "    error_step = CASE WHEN r.change = 'FAILED' THEN r.error_step ELSE d.error_step END"
          + "  FROM req r WHERE d.run_id = r.run_id AND d.epoch = r.epoch"
          + "  RETURNING d.run_id"
          + "), cp AS ("
          + "  SELECT * FROM unnest(?::varchar[], ?::int4[], ?::varchar[], ?::varchar[], ?::varchar[],"
          + "    ?::int4[], ?::text[], ?::text[], ?::text[], ?::varchar[], ?::varchar[],"
          + "    ?::text[]::timestamptz[], ?::text[]::timestamptz[], ?::text[]::timestamptz[],"
          + "    ?::bool[])"
          + "  AS c(run_id, seq, kind, name, status, attempts, input, output, error_message,"
          + "    error_code, error_type, wake_at, started_at, updated_at, is_new)"
          + "), inserted AS ("
          + "  INSERT INTO durable_steps (" + Rows.CHECKPOINT_COLUMNS + ")"
          + "  SELECT c.run_id, c.seq, c.kind, c.name, c.status, c.attempts, c.input, c.output,"
          + "    c.error_message, c.error_code, c.error_type, c.wake_at, c.started_at, c.updated_at"
          + "  FROM cp c JOIN fenced f ON f.run_id = c.run_id WHERE c.is_new"
          + "), updated AS ("
          + "  UPDATE durable_steps s SET status = c.status, attempts = c.attempts,"
          + "    output = c.output, error_message = c.error_message, error_code = c.error_code,"
          + "    error_type = c.error_type, wake_at = c.wake_at, updated_at = c.updated_at"
          + "  FROM cp c JOIN fenced f ON f.run_id = c.run_id"
          + "  WHERE NOT c.is_new AND s.run_id = c.run_id AND s.seq = c.seq"
          + "), events AS ("
          + "  INSERT INTO durable_events (run_id, at, type, step, attempt, detail)"
          + "  SELECT e.run_id, e.at, e.type, e.step, e.attempt, e.detail"
          + "  FROM unnest(?::varchar[], ?::text[]::timestamptz[], ?::varchar[], ?::varchar[],"
          + "    ?::int4[], ?::text[]) WITH ORDINALITY"
          + "    AS e(run_id, at, type, step, attempt, detail, ord)"
          + "  JOIN fenced f ON f.run_id = e.run_id ORDER BY e.ord"
          + ") SELECT run_id FROM fenced";

  @Override
  public boolean isSingleStatement() {
    return true;
  }

  @Override
  public boolean[] write(Connection connection, List<Commit> commits, Instant now)
      throws SQLException {
    int runs = commits.size();
    String[] runIds = new String[runs];
    Long[] epochs = new Long[runs];
    String[] changes = new String[runs];
    String[] wakeAts = new String[runs];
    String[] outputs = new String[runs];
    String[] errorMessages = new String[runs];
    String[] errorCodes = new String[runs];
    String[] errorTypes = new String[runs];
    String[] errorSteps = new String[runs];
    int checkpoints = 0;
    int events = 0;
    for (int i = 0; i < runs; i++) {
      Commit commit = commits.get(i);
      RunChange change = commit.change();
      RunError error = change.error();
      runIds[i] = commit.fence().runId();
      epochs[i] = commit.fence().epoch();
      changes[i] = change.kind().name();
      wakeAts[i] = Rows.text(change.wakeAt());
      outputs[i] = change.output();
      errorMessages[i] = error == null ? null : error.message();
      errorCodes[i] = error == null ? null : error.code();
      errorTypes[i] = error == null ? null : error.type();
      errorSteps[i] = error == null ? null : error.step().orElse(null);
      checkpoints += commit.checkpoints().size();
      events += commit.events().size();
    }
    CheckpointColumns c = new CheckpointColumns(checkpoints);
    EventColumns e = new EventColumns(events);
    for (Commit commit : commits) {
      commit.checkpoints().forEach(c::add);
      commit.events().forEach(event -> e.add(commit.fence().runId(), event));
    }
    try (PreparedStatement write = connection.prepareStatement(WRITE)) {
      int p = 1;
      write.setArray(p++, array(connection, "varchar", runIds));
      write.setArray(p++, array(connection, "int8", epochs));
      write.setArray(p++, array(connection, "varchar", changes));
      write.setArray(p++, array(connection, "text", wakeAts));
      write.setArray(p++, array(connection, "text", outputs));
      write.setArray(p++, array(connection, "text", errorMessages));
      write.setArray(p++, array(connection, "varchar", errorCodes));
      write.setArray(p++, array(connection, "varchar", errorTypes));
      write.setArray(p++, array(connection, "varchar", errorSteps));
      write.setString(p++, Rows.text(now));
      p = c.bind(connection, write, p);
      e.bind(connection, write, p);
      Set<String> fenced = new HashSet<>();
      try (ResultSet rows = write.executeQuery()) {
        while (rows.next()) {
          fenced.add(rows.getString(1));
        }
      }
      boolean[] written = new boolean[runs];
      for (int i = 0; i < runs; i++) {
        written[i] = fenced.contains(runIds[i]);
      }
      return written;
    }
  }

  private static Array array(Connection connection, String type, Object[] values)
      throws SQLException {
    return connection.createArrayOf(type, values);
  }

  /** The checkpoints of a batch, column by column. */
  private static final class CheckpointColumns {
    private final String[] runIds;
    private final Integer[] seqs;
    private final String[] kinds;
    private final String[] names;
    private final String[] statuses;
    private final Integer[] attempts;
    private final String[] inputs;
    private final String[] outputs;
    private final String[] errorMessages;
    private final String[] errorCodes;
    private final String[] errorTypes;
    private final String[] wakeAts;
    private final String[] startedAts;
    private final String[] updatedAts;
    private final Boolean[] inserts;
    private int size;

    CheckpointColumns(int capacity) {
      runIds = new String[capacity];
      seqs = new Integer[capacity];
      kinds = new String[capacity];
      names = new String[capacity];
      statuses = new String[capacity];
      attempts = new Integer[capacity];
      inputs = new String[capacity];
      outputs = new String[capacity];
      errorMessages = new String[capacity];
      errorCodes = new String[capacity];
      errorTypes = new String[capacity];
      wakeAts = new String[capacity];
      startedAts = new String[capacity];
      updatedAts = new String[capacity];
      inserts = new Boolean[capacity];
    }

    void add(Commit.CheckpointWrite write) {
      CheckpointRecord r = write.record();
      RunError error = r.error();
      int i = size++;
      runIds[i] = r.runId();
      seqs[i] = r.seq();
      kinds[i] = r.kind().name();
      names[i] = r.name();
      statuses[i] = r.status().name();
      attempts[i] = r.attempts();
      inputs[i] = r.input();
      outputs[i] = r.output();
      errorMessages[i] = error == null ? null : error.message();
      errorCodes[i] = error == null ? null : error.code();
      errorTypes[i] = error == null ? null : error.type();
      wakeAts[i] = Rows.text(r.wakeAt());
      startedAts[i] = Rows.text(r.startedAt());
      updatedAts[i] = Rows.text(r.updatedAt());
      inserts[i] = write.insert();
    }

    int bind(Connection connection, PreparedStatement statement, int first) throws SQLException {
      int p = first;
      statement.setArray(p++, array(connection, "varchar", runIds));
      statement.setArray(p++, array(connection, "int4", seqs));
      statement.setArray(p++, array(connection, "varchar", kinds));
      statement.setArray(p++, array(connection, "varchar", names));
      statement.setArray(p++, array(connection, "varchar", statuses));
      statement.setArray(p++, array(connection, "int4", attempts));
      statement.setArray(p++, array(connection, "text", inputs));
      statement.setArray(p++, array(connection, "text", outputs));
      statement.setArray(p++, array(connection, "text", errorMessages));
      statement.setArray(p++, array(connection, "varchar", errorCodes));
      statement.setArray(p++, array(connection, "varchar", errorTypes));
      statement.setArray(p++, array(connection, "text", wakeAts));
      statement.setArray(p++, array(connection, "text", startedAts));
      statement.setArray(p++, array(connection, "text", updatedAts));
      statement.setArray(p++, array(connection, "bool", inserts));
      return p;
    }
  }

  /** The events of a batch, column by column. */
  private static final class EventColumns {
    private final String[] runIds;
    private final String[] ats;
    private final String[] types;
    private final String[] steps;
    private final Integer[] attempts;
    private final String[] details;
    private int size;

    EventColumns(int capacity) {
      runIds = new String[capacity];
      ats = new String[capacity];
      types = new String[capacity];
      steps = new String[capacity];
      attempts = new Integer[capacity];
      details = new String[capacity];
    }

    void add(String runId, NewEvent event) {
      int i = size++;
      runIds[i] = runId;
      ats[i] = Rows.text(event.at());
      types[i] = event.type();
      steps[i] = event.step();
      attempts[i] = event.attempt();
      details[i] = event.detail();
    }

    void bind(Connection connection, PreparedStatement statement, int first) throws SQLException {
      int p = first;
      statement.setArray(p++, array(connection, "varchar", runIds));
      statement.setArray(p++, array(connection, "text", ats));
      statement.setArray(p++, array(connection, "varchar", types));
      statement.setArray(p++, array(connection, "varchar", steps));
      statement.setArray(p++, array(connection, "int4", attempts));
      statement.setArray(p, array(connection, "text", details));
    }
  }
}
