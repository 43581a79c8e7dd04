package dev.durable.runtime.internal.store.sql;

import dev.durable.runtime.StoreException;
import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the store's work on a connection of {@code dataSource}: in a transaction, or as one
 * autocommitted statement (one round trip). A transaction the database aborted is tried again at
 * once; any other failure becomes a {@link StoreException} that says what the store tried to do.
 */
public final class Transactions {
  private static final int ABORTED_ATTEMPTS = 3;
  /** Under the store's name, where operators already look for it. */
  private static final Logger LOG = LoggerFactory.getLogger(Transactions.class);

  private final DataSource dataSource;

  public Transactions(DataSource dataSource) {
    this.dataSource = dataSource;
  }

  public DataSource dataSource() {
    return dataSource;
  }

  /** Work on a connection. */
  @FunctionalInterface
  public interface Work<T> {
    T run(Connection connection) throws SQLException;
  }

  public <T> T inTransaction(String what, Work<T> work) {
    for (int attempt = 1; ; attempt++) {
      try (Connection connection = dataSource.getConnection()) {
        connection.setAutoCommit(false);
        try {
          T result = work.run(connection);
          connection.commit();
          return result;
        } catch (SQLException | RuntimeException e) {
          rollbackQuietly(connection, e);
          throw e;
        }
      } catch (SQLException e) {
        if (!retryable(e, attempt, what)) {
          throw SqlErrors.failure(what, e);
        }
      }
    }
  }

  /** One statement, committed by itself: one round trip. */
  public <T> T autocommit(String what, Work<T> work) {
    for (int attempt = 1; ; attempt++) {
      try (Connection connection = dataSource.getConnection()) {
        connection.setAutoCommit(true);
        return work.run(connection);
      } catch (SQLException e) {
        if (!retryable(e, attempt, what)) {
          throw SqlErrors.failure(what, e);
        }
      }
    }
  }

  /**
   * Whether a failed transaction is tried again at once: PostgreSQL aborts one of two transactions
   * that lock each other's rows (a progress batch and a lease renewal that share runs, say), and
   * the aborted one wrote nothing, so it may simply run again. Other outages are left to the
   * caller, which retries later (the run is taken up again when its lease expires).
   */
  private static boolean retryable(SQLException e, int attempt, String what) {
    if (attempt < ABORTED_ATTEMPTS && SqlErrors.isAborted(e)) {
      LOG.debug("retrying to {} after {}", what, e.getMessage());
      return true;
    }
    return false;
  }

  /** Rolls back, keeping {@code cause} as the error: a broken connection cannot roll back. */
  private static void rollbackQuietly(Connection connection, Exception cause) {
    try {
      connection.rollback();
    } catch (SQLException rollbackFailed) {
      cause.addSuppressed(rollbackFailed);
    }
  }
}
