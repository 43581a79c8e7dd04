package dev.durable.runtime.internal.store.sql;

import dev.durable.runtime.StoreException;
import java.sql.SQLException;

/**
 * Tells a database error that may go away (the connection broke, the server is restarting, the
 * transaction lost a deadlock) from one that will be raised again by the same write (a value the
 * column cannot hold, a violated constraint, a statement past the driver's limits). The first is an
 * outage: the write is tried again later. The second is a refusal: trying again would fail the same
 * way for ever, so the write's run is failed instead.
 *
 * <p>The SQLState's class (its first two characters, the same on H2 and PostgreSQL) decides; an
 * error without a state, or of a class not named here, is taken for an outage, the cautious
 * choice: it never fails a run that a retry would have saved.
 */
public final class SqlErrors {
  /** What kind of failure an error is. */
  enum Kind {
    /** The connection or the server failed, or the transaction was aborted: try again later. */
    TRANSIENT,
    /** The same write would fail again: it must not be retried. */
    PERMANENT
  }

  private SqlErrors() {}

  /** The kind of {@code error}, from the first SQLState found on it or its causes. */
  static Kind classify(SQLException error) {
    String state = state(error);
    if (state == null) {
      return Kind.TRANSIENT;
    }
    return switch (state.length() < 2 ? "" : state.substring(0, 2)) {
      // data exception; integrity constraint violation; syntax error or access rule violation;
      // feature not supported; program limit exceeded (PostgreSQL); invalid transaction state
      case "22", "23", "42", "0A", "54", "25" -> Kind.PERMANENT;
      default -> Kind.TRANSIENT;
    };
  }

  /** The error that {@code e} raised while the store tried to do {@code what}, classified. */
  static StoreException failure(String what, SQLException e) {
    if (isDenied(e)) {
      return new StoreException("could not " + what + ": the database role has no right to (" + e
          .getMessage() + "); a read-only role (a viewer's) cannot change runs: use the role the"
          + " engines use, and see the guide's 'Production PostgreSQL' for the grants", e, true);
    }
    boolean permanent = classify(e) == Kind.PERMANENT;
    return new StoreException(
        "could not " + what + ": " + e.getMessage()
            + (permanent ? " (the database refused it, and would refuse it again)" : ""),
        e, permanent);
  }

  /** Whether {@code error} is a unique constraint's violation: a row with that key exists. */
  public static boolean isUniqueViolation(SQLException error) {
    return "23505".equals(state(error));
  }

  /**
   * Whether {@code error} is a refusal of the role's rights: PostgreSQL's insufficient_privilege
   * (42501), H2's "not enough rights" (90096).
   */
  static boolean isDenied(SQLException error) {
    String state = state(error);
    return "42501".equals(state) || "90096".equals(state);
  }

  /** Whether {@code error} is a deadlock or serialization failure: the transaction wrote nothing. */
  static boolean isAborted(SQLException error) {
    String state = state(error);
    return "40P01".equals(state) || "40001".equals(state);
  }

  private static String state(SQLException error) {
    for (Throwable t = error; t != null; t = t.getCause()) {
      if (t instanceof SQLException sql && sql.getSQLState() != null) {
        return sql.getSQLState();
      }
    }
    SQLException next = error.getNextException();
    return next == null || next == error ? null : next.getSQLState();
  }
}
