package dev.durable.runtime.internal.store.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class SqlTest {

  @Test
  void namedParametersBecomeQuestionMarksAndCastsAndLiteralsStay() {
    Sql sql = Sql.of("SELECT :a::int4, ':not_a_name', :b FROM t WHERE x = :a");

    assertEquals("SELECT ?::int4, ':not_a_name', ? FROM t WHERE x = ?", sql.text());
    assertEquals(3, sql.parameterCount());
  }

  @Test
  void aNameUsedTwiceIsBoundTwiceInTheOrderOfTheText() throws SQLException {
    try (Connection connection = DriverManager.getConnection("jdbc:h2:mem:sql-test")) {
      Sql sql = Sql.of("SELECT CAST(:first AS VARCHAR) || '-' || CAST(:second AS VARCHAR)"
          + " || '-' || CAST(:first AS VARCHAR)");
      try (PreparedStatement select = sql.prepare(
          connection, new Values().string("second", "b").string("first", "a"));
          ResultSet row = select.executeQuery()) {
        row.next();
        assertEquals("a-b-a", row.getString(1));
      }
    }
  }

  @Test
  void typedNullsAndArraysBind() throws SQLException {
    try (Connection connection = DriverManager.getConnection("jdbc:h2:mem:sql-test")) {
      Sql sql = Sql.of("SELECT CAST(:at AS TIMESTAMP WITH TIME ZONE) IS NULL,"
          + " 'b' = ANY (:names), 'z' = ANY (:names)");
      List<Boolean> row = sql.list(connection,
          new Values().instant("at", (Instant) null).strings("names", List.of("a", "b")),
          rows -> List.of(rows.getBoolean(1), rows.getBoolean(2), rows.getBoolean(3))).get(0);
      assertEquals(List.of(true, true, false), row);
    }
  }

  @Test
  void aMissingValueSaysWhichNameAndStatement() {
    Sql sql = Sql.of("UPDATE t SET a = :a WHERE id = :id");

    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> sql.bind(new Params(), new Values().string("a", "x")));
    assertTrue(e.getMessage().startsWith("no value for :id, which this statement binds: UPDATE"),
        e.getMessage());
  }

  @Test
  void aBareQuestionMarkIsRefused() {
    IllegalArgumentException e = assertThrows(
        IllegalArgumentException.class, () -> Sql.of("SELECT 1 FROM t WHERE id = ?"));
    assertTrue(e.getMessage().contains("bare '?'"), e.getMessage());
  }
}
