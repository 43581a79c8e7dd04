package dev.durable.runtime.internal.store.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.StoreException;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

/** Which database errors are outages, retried later, and which are refusals, never retried. */
class SqlErrorsTest {

  private static SqlErrors.Kind kindOf(String state) {
    return SqlErrors.classify(new SQLException("boom", state));
  }

  @Test
  void connectionFailuresAbortedTransactionsAndServerShutdownsAreTransient() {
    for (String state : new String[] {"08006", "08001", "40001", "40P01", "57P01", "53300",
        "90067", "HYT00"}) {
      assertEquals(SqlErrors.Kind.TRANSIENT, kindOf(state), state);
    }
  }

  @Test
  void dataExceptionsIntegrityViolationsAndProgramLimitsArePermanent() {
    // invalid byte sequence (a NUL), value too long, invalid parameter value (too many
    // parameters), check and unique violations, statement too complex, undefined column
    for (String state : new String[] {"22021", "22001", "22023", "23514", "23505", "54001",
        "42703"}) {
      assertEquals(SqlErrors.Kind.PERMANENT, kindOf(state), state);
    }
  }

  /** A closed connection's error may carry no state at all: it was once a NullPointerException. */
  @Test
  void anErrorWithoutAStateIsTransientAndFoundOnItsCauses() {
    assertEquals(SqlErrors.Kind.TRANSIENT, SqlErrors.classify(new SQLException("closed")));
    assertEquals(SqlErrors.Kind.PERMANENT, SqlErrors.classify(
        new SQLException("wrapped", null, new SQLException("too long", "22001"))));
    assertFalse(SqlErrors.isAborted(new SQLException("closed")));
    assertTrue(SqlErrors.isAborted(new SQLException("deadlock", "40P01")));
  }

  @Test
  void aStoreFailureSaysWhetherTheDatabaseWouldRefuseItAgain() {
    StoreException refused = SqlErrors.failure("store it", new SQLException("too long", "22001"));
    assertTrue(refused.isPermanent());
    assertEquals("could not store it: too long (the database refused it, and would refuse it"
        + " again)", refused.getMessage());
    StoreException outage = SqlErrors.failure("store it", new SQLException("reset", "08006"));
    assertFalse(outage.isPermanent());
    assertEquals("could not store it: reset", outage.getMessage());
  }

  @Test
  void aChangeTheRoleHasNoRightToSaysSoAndWhatToUse() {
    StoreException denied = SqlErrors.failure("cancel run r-1",
        new SQLException("ERROR: permission denied for table durable_runs", "42501"));
    assertTrue(denied.isPermanent());
    assertEquals("could not cancel run r-1: the database role has no right to (ERROR: permission"
        + " denied for table durable_runs); a read-only role (a viewer's) cannot change runs: use"
        + " the role the engines use, and see the guide's 'Production PostgreSQL' for the grants",
        denied.getMessage());
  }
}
