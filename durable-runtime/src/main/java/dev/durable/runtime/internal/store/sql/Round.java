package dev.durable.runtime.internal.store.sql;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

/**
 * The statements of one step of an algorithm, as the dialect sends them ({@link Dialect#send}):
 * joined into one text, one round trip ({@link #oneText}), or one by one on the caller's
 * connection, in its transaction ({@link #oneByOne}). Their results are read in order, the same
 * way in both, each statement binding what it names of the same {@link Values}.
 */
public abstract sealed class Round implements AutoCloseable permits Round.OneText, Round.OneByOne {
  /** Statements written once: each part, and the parts joined into one text. */
  public record Statements(List<Sql> parts, Sql joined) {
    public static Statements of(Sql... parts) {
      StringBuilder text = new StringBuilder();
      for (Sql part : parts) {
        text.append(text.isEmpty() ? "" : ";\n").append(part.named());
      }
      return new Statements(List.of(parts), Sql.of(text.toString()));
    }
  }

  /** The statement whose result is read now. */
  PreparedStatement current;
  /** The index of the statement whose result is read next. */
  int next;

  /** Sends {@code statements} at once, joined into one text. */
  public static Round oneText(Connection connection, Statements statements, Values values)
      throws SQLException {
    OneText round = new OneText();
    round.current = statements.joined().prepare(connection, values);
    try {
      round.current.execute();
    } catch (SQLException | RuntimeException e) {
      round.close();
      throw e;
    }
    return round;
  }

  /** Sends {@code statements} one by one, each as its result is read. */
  public static Round oneByOne(Connection connection, Statements statements, Values values) {
    return new OneByOne(connection, statements, values);
  }

  /** The rows the next statement returns; the caller closes them. */
  public abstract ResultSet rows() throws SQLException;

  @Override
  public void close() throws SQLException {
    if (current != null) {
      current.close();
      current = null;
    }
  }

  /** In one text: each result, the first current once sent, read by moving on to it. */
  static final class OneText extends Round {
    @Override
    public ResultSet rows() throws SQLException {
      moveOn();
      ResultSet rows = current.getResultSet();
      if (rows == null) {
        throw new SQLException("expected rows from statement " + next + ", got an update count");
      }
      return rows;
    }

    private void moveOn() throws SQLException {
      if (next++ > 0) {
        current.getMoreResults();
      }
    }
  }

  /** One by one: each statement prepared and run as its result is asked for. */
  static final class OneByOne extends Round {
    private final Connection connection;
    private final Statements statements;
    private final Values values;

    private OneByOne(Connection connection, Statements statements, Values values) {
      this.connection = connection;
      this.statements = statements;
      this.values = values;
    }

    @Override
    public ResultSet rows() throws SQLException {
      return nextStatement().executeQuery();
    }

    private PreparedStatement nextStatement() throws SQLException {
      close();
      current = statements.parts().get(next++).prepare(connection, values);
      return current;
    }
  }
}
