package db.durable.common;

import java.sql.Statement;
import java.util.Locale;
import org.flywaydb.core.api.migration.BaseJavaMigration;
import org.flywaydb.core.api.migration.Context;

/**
 * Keys the event log by run: the primary key becomes {@code (run_id, id)} and the index on the same
 * columns goes. Every event is read and deleted through its run, never by its id alone, so the key
 * on {@code id} was a second index that each of a run's events (several per step) had to update. On
 * a large log this rebuilds the key once. A Java migration, as PostgreSQL and H2 drop a primary key
 * in different words.
 */
public class V15__events_keyed_by_run extends BaseJavaMigration {
  @Override
  public void migrate(Context context) throws Exception {
    String product = context.getConnection().getMetaData().getDatabaseProductName();
    boolean postgres = product.toLowerCase(Locale.ROOT).contains("postgres");
    try (Statement statement = context.getConnection().createStatement()) {
      statement.execute(postgres
          ? "ALTER TABLE durable_events DROP CONSTRAINT durable_events_pkey"
          : "ALTER TABLE durable_events DROP PRIMARY KEY");
      statement.execute("ALTER TABLE durable_events ADD CONSTRAINT durable_events_pkey"
          + " PRIMARY KEY (run_id, id)");
      statement.execute("DROP INDEX durable_events_run");
    }
  }
}
