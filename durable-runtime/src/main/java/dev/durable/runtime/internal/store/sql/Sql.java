package dev.durable.runtime.internal.store.sql;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A statement written whole, once, in the catalogue of the table it belongs to, with named
 * parameters ({@code :runId}): its JDBC text ({@code ?} for each) and the name each {@code ?}
 * takes its value from, read once when the catalogue is loaded. Binding looks each name up in the
 * {@link Values} given, so that nobody counts parameters or keeps a bind list in the order of a
 * text by hand; a name used twice is bound twice. {@code ::} (a PostgreSQL cast) and quoted
 * literals are left as they are.
 */
public final class Sql {
  private final String named;
  private final String text;
  private final String[] names;

  private Sql(String named, String text, String[] names) {
    this.named = named;
    this.text = text;
    this.names = names;
  }

  /** The statement {@code named}, its parameters named {@code :name}. */
  public static Sql of(String named) {
    StringBuilder text = new StringBuilder(named.length());
    List<String> names = new ArrayList<>();
    boolean quoted = false;
    for (int i = 0; i < named.length(); i++) {
      char c = named.charAt(i);
      if (c == '\'') {
        quoted = !quoted;
      } else if (!quoted && c == ':' && i + 1 < named.length()) {
        char next = named.charAt(i + 1);
        if (next == ':') { // a cast: both colons stay
          text.append("::");
          i++;
          continue;
        }
        if (Character.isJavaIdentifierStart(next)) {
          int end = i + 1;
          while (end < named.length() && Character.isJavaIdentifierPart(named.charAt(end))) {
            end++;
          }
          names.add(named.substring(i + 1, end).intern());
          text.append('?');
          i = end - 1;
          continue;
        }
      } else if (!quoted && c == '?') {
        throw new IllegalArgumentException(
            "a statement of the catalogue names its parameters (:name), but this one has a bare"
                + " '?' at " + i + ": " + named);
      }
      text.append(c);
    }
    return new Sql(named, text.toString(), names.toArray(String[]::new));
  }

  /** A column list: {@code names}, each under {@code alias} where it is not null. */
  public static String columns(String alias, List<String> names) {
    StringBuilder list = new StringBuilder();
    for (String name : names) {
      list.append(list.isEmpty() ? "" : ", ").append(alias == null ? "" : alias + ".").append(name);
    }
    return list.toString();
  }

  /**
   * The text as written, with its named parameters: a part of a statement that holds several
   * (a {@code WITH} of statements of different tables, or several statements sent as one text).
   */
  public String named() {
    return named;
  }

  /** The text JDBC prepares: a {@code ?} for each named parameter. */
  public String text() {
    return text;
  }

  /** How many parameters the text binds. */
  public int parameterCount() {
    return names.length;
  }

  /** Appends the values of its parameters, in the order of its text, to {@code params}. */
  public Params bind(Params params, Values values) {
    for (String name : names) {
      params.add(values.get(name, text));
    }
    return params;
  }

  /** Binds {@code values} to {@code statement}, a preparation of this text (a batch's row, say). */
  public void bind(PreparedStatement statement, Values values) throws SQLException {
    bind(new Params(), values).bind(statement);
  }

  /** Prepares the statement on {@code connection} and binds {@code values}. */
  public PreparedStatement prepare(Connection connection, Values values) throws SQLException {
    PreparedStatement statement = connection.prepareStatement(text);
    try {
      bind(statement, values);
      return statement;
    } catch (SQLException | RuntimeException e) {
      statement.close();
      throw e;
    }
  }

  /** Runs the statement as an update; how many rows it changed. */
  public int update(Connection connection, Values values) throws SQLException {
    try (PreparedStatement statement = prepare(connection, values)) {
      return statement.executeUpdate();
    }
  }

  /** Reads one row. */
  public interface Row<T> {
    T read(ResultSet rows) throws SQLException;
  }

  /** The rows the query returns, each read by {@code row}. */
  public <T> List<T> list(Connection connection, Values values, Row<T> row) throws SQLException {
    try (PreparedStatement statement = prepare(connection, values);
        ResultSet rows = statement.executeQuery()) {
      List<T> all = new ArrayList<>();
      while (rows.next()) {
        all.add(row.read(rows));
      }
      return all;
    }
  }

  /** The first row the query returns, if any, read by {@code row}. */
  public <T> Optional<T> first(Connection connection, Values values, Row<T> row) throws SQLException {
    try (PreparedStatement statement = prepare(connection, values);
        ResultSet rows = statement.executeQuery()) {
      return rows.next() ? Optional.of(row.read(rows)) : Optional.empty();
    }
  }

  @Override
  public String toString() {
    return text;
  }
}
