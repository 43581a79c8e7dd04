package dev.durable.tests.support;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;

/**
 * Records every execution of a load-test step in a side table of the engines' own PostgreSQL
 * database, in the step's own autocommitted statement, so that an execution stays recorded even
 * when the engine executing it dies before its checkpoint is written.
 *
 * <p>Each row also says whether a {@code COMPLETED} checkpoint of that step already existed when
 * the execution began ({@code checkpoint_committed}). The flag is read by the same statement that
 * records the execution: under PostgreSQL's READ COMMITTED every statement sees exactly the
 * transactions that committed before it began, so the flag is true if and only if the step's
 * checkpoint had been committed before this execution started. A row with the flag set is a step
 * that executed again after its checkpoint was committed; no clock is involved.
 *
 * <p>Connections go straight to the database (never through a test's proxy), are opened lazily and
 * reused; one that failed is discarded.
 */
public final class ExecutionJournal implements AutoCloseable {
  /** The side table. */
  public static final String TABLE = "load_executions";

  private static final String CREATE =
      "CREATE TABLE " + TABLE + " ("
          + " id BIGSERIAL PRIMARY KEY,"
          + " run_id VARCHAR(200) NOT NULL,"
          + " step VARCHAR(50) NOT NULL,"
          + " attempt INT NOT NULL,"
          + " engine VARCHAR(100) NOT NULL,"
          + " pid BIGINT NOT NULL,"
          + " at TIMESTAMPTZ NOT NULL,"
          + " checkpoint_committed BOOLEAN NOT NULL)";
  private static final String RECORD =
      "INSERT INTO " + TABLE + " (run_id, step, attempt, engine, pid, at, checkpoint_committed)"
          + " SELECT ?, ?, ?, ?, ?, clock_timestamp(), EXISTS (SELECT 1 FROM durable_steps s"
          + " WHERE s.run_id = ? AND s.name = ? AND s.status = 'COMPLETED')";

  private static final int MAX_CONNECTIONS = 8;

  private final String url;
  private final String engineId;
  private final long pid = ProcessHandle.current().pid();
  private final BlockingQueue<Connection> idle = new LinkedBlockingQueue<>();
  /**
   * At most this many connections at once: an engine on virtual threads has hundreds of steps
   * starting together, and PostgreSQL allows 100 connections by default.
   */
  private final Semaphore connections = new Semaphore(MAX_CONNECTIONS);

  /**
   * A journal writing to the database at {@code url} (schema-qualified), for the engine {@code
   * engineId} of this process.
   */
  public ExecutionJournal(String url, String engineId) {
    this.url = url;
    this.engineId = engineId;
  }

  /** Creates the side table in the database of {@code db}. */
  public static void createTable(TestDatabase db) {
    db.execute(CREATE);
  }

  /** Records that {@code step} of {@code runId} begins its {@code attempt}. */
  public void record(String runId, String step, int attempt) {
    connections.acquireUninterruptibly();
    try {
      recordOnAConnection(runId, step, attempt);
    } finally {
      connections.release();
    }
  }

  private void recordOnAConnection(String runId, String step, int attempt) {
    Connection connection = idle.poll();
    try {
      if (connection == null) {
        connection = DriverManager.getConnection(url);
      }
      try (PreparedStatement insert = connection.prepareStatement(RECORD)) {
        insert.setString(1, runId);
        insert.setString(2, step);
        insert.setInt(3, attempt);
        insert.setString(4, engineId);
        insert.setLong(5, pid);
        insert.setString(6, runId);
        insert.setString(7, step);
        insert.executeUpdate();
      }
      idle.add(connection);
    } catch (SQLException e) {
      closeQuietly(connection);
      throw new IllegalStateException(
          "could not record the execution of " + step + " of " + runId + ": " + e.getMessage(), e);
    }
  }

  @Override
  public void close() {
    Connection connection;
    while ((connection = idle.poll()) != null) {
      closeQuietly(connection);
    }
  }

  private static void closeQuietly(Connection connection) {
    if (connection != null) {
      try {
        connection.close();
      } catch (SQLException ignored) {
        // it failed already
      }
    }
  }
}
