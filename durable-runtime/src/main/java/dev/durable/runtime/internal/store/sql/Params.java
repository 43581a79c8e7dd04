package dev.durable.runtime.internal.store.sql;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The parameters of a statement, in order, gathered while its text is written and bound at once:
 * a table class says once in which order its statement takes its values, whether the statement
 * is sent alone, in a JDBC batch, or as part of a PostgreSQL multi-statement text.
 */
public final class Params {
  private final List<Object> values = new ArrayList<>();
  private final boolean instantsAsText;

  Params() {
    this(false);
  }

  private Params(boolean instantsAsText) {
    this.instantsAsText = instantsAsText;
  }

  /**
   * Parameters for PostgreSQL's progress and start statements, which bind many instants: each is
   * sent as its ISO-8601 text, of no declared type, as the driver sends a timestamp itself, and
   * PostgreSQL parses it as the column or cast it meets requires. The driver's own conversion goes
   * through a {@code Calendar} for every value and cost a tenth of a turn's CPU.
   */
  public static Params postgres() {
    return new Params(true);
  }

  /** A value as {@link Values} holds it: typed, a null as its {@link Null}. */
  Params add(Object value) {
    values.add(value);
    return this;
  }

  Params string(String value) {
    values.add(value == null ? Null.STRING : value);
    return this;
  }

  Params int4(int value) {
    values.add(value);
    return this;
  }

  Params nullableInt4(Integer value) {
    values.add(value == null ? Null.INT : value);
    return this;
  }

  Params int8(long value) {
    values.add(value);
    return this;
  }

  Params instant(Instant value) {
    values.add(value == null ? Null.INSTANT : value);
    return this;
  }

  /** How many parameters there are so far. */
  int size() {
    return values.size();
  }

  public void bind(PreparedStatement statement) throws SQLException {
    bindFrom(statement, 1);
  }

  /**
   * Binds the values to the parameters from {@code first} on, after some bound otherwise.
   *
   * @return the index of the parameter after the last bound
   */
  int bindFrom(PreparedStatement statement, int first) throws SQLException {
    for (int i = 0; i < values.size(); i++) {
      Object value = values.get(i);
      int index = first + i;
      if (value instanceof String text) {
        statement.setString(index, text);
      } else if (value instanceof Integer number) {
        statement.setInt(index, number);
      } else if (value instanceof Long number) {
        statement.setLong(index, number);
      } else if (value instanceof Instant instant) {
        if (instantsAsText) {
          statement.setObject(index, InstantText.of(instant), Types.OTHER);
        } else {
          Rows.setInstant(statement, index, instant);
        }
      } else if (value instanceof Boolean flag) {
        statement.setBoolean(index, flag);
      } else if (value instanceof SqlArray array) {
        statement.setArray(
            index, statement.getConnection().createArrayOf(array.type(), array.elements()));
      } else if (value == Null.INSTANT) {
        Rows.setInstant(statement, index, null);
      } else if (value == Null.INT) {
        statement.setNull(index, Types.INTEGER);
      } else if (value == Null.BOOLEAN) {
        statement.setNull(index, Types.BOOLEAN);
      } else {
        statement.setNull(index, Types.VARCHAR);
      }
    }
    return first + values.size();
  }

  /** A null, of the type its parameter has. */
  enum Null {
    STRING,
    INSTANT,
    INT,
    BOOLEAN
  }

  /** An array parameter: its elements, of the database's element type {@code type}. */
  record SqlArray(String type, Object[] elements) {}
}
