package dev.durable.runtime.internal.store.dialect;

import dev.durable.runtime.internal.store.sql.Dialect;
import dev.durable.runtime.internal.store.sql.Notifications;
import dev.durable.runtime.internal.store.sql.Transactions;
import dev.durable.runtime.internal.store.tables.Tables;
import java.sql.Connection;
import java.sql.SQLException;

/** The choice of a store's {@link Dialect}: the one place that asks which database it is on. */
public final class Dialects {
  private Dialects() {}

  /**
   * The dialect of the database {@code connection} is to, for the store whose catalogues are
   * {@code tables}.
   *
   * @param origin what the notifications that this process's in-process wake-ups also give carry
   *     ({@code Notifications#wakeOrigin})
   * @param pollOnly whether nothing is listened for, nor sent ({@link Notifications#NONE})
   */
  public static Dialect of(Connection connection, Transactions transactions, Tables tables,
      String origin, boolean pollOnly) throws SQLException {
    String product = connection.getMetaData().getDatabaseProductName();
    return switch (product) {
      case "H2" -> new H2Dialect(transactions, tables);
      case "PostgreSQL" -> new PostgresDialect(transactions, tables, origin, pollOnly
          ? Notifications.NONE
          : new PostgresNotifications(transactions.dataSource(), tables.schema(), origin));
      default -> throw new SQLException(
          "Durable stores runs in H2 or PostgreSQL, but this database is " + product);
    };
  }
}
