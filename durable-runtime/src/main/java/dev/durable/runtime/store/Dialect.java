package dev.durable.runtime.store;

import java.sql.Connection;
import java.sql.SQLException;

/** The databases the store speaks to, where their SQL differs. */
enum Dialect {
  /** H2, embedded: every statement is an in-process call, so plain statements in a transaction. */
  H2,
  /**
   * PostgreSQL, over the network: each batch of progress is one statement (data-modifying CTEs
   * over {@code unnest}ed arrays), claims use {@code FOR UPDATE SKIP LOCKED}, and new runs are
   * announced with {@code NOTIFY}.
   */
  POSTGRESQL;

  static Dialect of(Connection connection) throws SQLException {
    String product = connection.getMetaData().getDatabaseProductName();
    return switch (product) {
      case "H2" -> H2;
      case "PostgreSQL" -> POSTGRESQL;
      default -> throw new SQLException(
          "Durable stores runs in H2 or PostgreSQL, but this database is " + product);
    };
  }
}
