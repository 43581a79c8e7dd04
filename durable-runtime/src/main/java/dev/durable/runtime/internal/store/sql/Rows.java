package dev.durable.runtime.internal.store.sql;

import dev.durable.runtime.RunError;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Optional;

/**
 * Binding and reading the values every table holds: instants, and enums stored as text.
 */
public final class Rows {
  /** The code of the error of a run, or a step, whose row cannot be understood. */
  static final String UNREADABLE_CODE = "storage_unreadable";

  private Rows() {}

  /** The error a status read reports for a row it cannot understand, of {@code step} if any. */
  public static RunError unreadable(UnreadableRowException e, Optional<String> step) {
    return new RunError(e.getMessage(), UNREADABLE_CODE, e.getClass().getName(), step);
  }

  /** The constant of {@code type} named {@code value}, which {@code column} holds. */
  public static <E extends Enum<E>> E parse(Class<E> type, String value, String column) {
    for (E constant : type.getEnumConstants()) {
      if (constant.name().equals(value)) {
        return constant;
      }
    }
    throw new UnreadableRowException(
        column + " is " + (value == null ? "NULL" : "'" + value + "'") + ", which is not one of "
            + Arrays.toString(type.getEnumConstants()) + ": the row was changed by hand or by"
            + " another version of Durable; correct the row and requeue the run, or cancel it");
  }

  static void setInstant(PreparedStatement statement, int index, Instant instant)
      throws SQLException {
    if (instant == null) {
      statement.setNull(index, Types.TIMESTAMP_WITH_TIMEZONE);
    } else {
      statement.setObject(index, OffsetDateTime.ofInstant(instant, ZoneOffset.UTC));
    }
  }

  public static Instant instant(ResultSet rows, int index) throws SQLException {
    OffsetDateTime value = rows.getObject(index, OffsetDateTime.class);
    return value == null ? null : value.toInstant();
  }
}
