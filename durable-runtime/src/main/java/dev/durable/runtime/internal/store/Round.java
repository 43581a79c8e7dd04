package dev.durable.runtime.internal.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

/**
 * The statements of one step of an algorithm, sent in the dialect's {@link Dialect.Form}: joined
 * into one text (one round trip) or one by one on the caller's connection, in its transaction.
 * Their results are read in order, the same way in both forms, each statement binding what it
 * names of the same {@link Values}.
 */
final class Round implements AutoCloseable {
  /** Statements written once: each part, and the parts joined into one text. */
  record Statements(List<Sql> parts, Sql joined) {
    static Statements of(Sql... parts) {
      StringBuilder text = new StringBuilder();
      for (Sql part : parts) {
        text.append(text.isEmpty() ? "" : ";\n").append(part.named());
      }
      return new Statements(List.of(parts), Sql.of(text.toString()));
    }
  }

  private final Connection connection;
  private final Statements statements;
  private final Dialect.Form form;
  private final Values values;
  private PreparedStatement current;
  /** The index of the statement whose result is read next. */
  private int next;

  private Round(Connection connection, Statements statements, Dialect.Form form, Values values) {
    this.connection = connection;
    this.statements = statements;
    this.form = form;
    this.values = values;
  }

  /** Sends {@code statements}: in one text at once, or, one by one, as their results are read. */
  static Round send(Connection connection, Dialect.Form form, Statements statements,
      Values values) throws SQLException {
    Round round = new Round(connection, statements, form, values);
    if (form == Dialect.Form.ONE_TEXT) {
      round.current = statements.joined().prepare(connection, values);
      try {
        round.current.execute();
      } catch (SQLException | RuntimeException e) {
        round.close();
        throw e;
      }
    }
    return round;
  }

  /** The rows the next statement returns; the caller closes them. */
  ResultSet rows() throws SQLException {
    if (form == Dialect.Form.STATEMENTS) {
      return nextStatement().executeQuery();
    }
    moveOn();
    ResultSet rows = current.getResultSet();
    if (rows == null) {
      throw new SQLException("expected rows from statement " + next + ", got an update count");
    }
    return rows;
  }

  /** How many rows the next statement changed. */
  int count() throws SQLException {
    if (form == Dialect.Form.STATEMENTS) {
      return nextStatement().executeUpdate();
    }
    moveOn();
    return current.getUpdateCount();
  }

  private PreparedStatement nextStatement() throws SQLException {
    close();
    current = statements.parts().get(next++).prepare(connection, values);
    return current;
  }

  /** In one text: to the next statement's result, the first being current once sent. */
  private void moveOn() throws SQLException {
    if (next++ > 0) {
      current.getMoreResults();
    }
  }

  @Override
  public void close() throws SQLException {
    if (current != null) {
      current.close();
      current = null;
    }
  }
}
