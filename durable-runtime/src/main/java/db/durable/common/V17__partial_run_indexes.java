package db.durable.common;

import java.sql.Statement;
import java.util.Locale;
import org.flywaydb.core.api.migration.BaseJavaMigration;
import org.flywaydb.core.api.migration.Context;

/**
 * On PostgreSQL, the indexes on a run's due time and on its parent hold only the runs that have
 * one: every lookup asks for a due time before an instant or for one parent's children, never for
 * a missing one. A run that ends clears its due time, so its row's last update no longer adds an
 * entry there, and the due-time index holds only the runs still to do, however many have ended;
 * a run started by a caller, not a parent, adds none to the other. H2 has no partial indexes:
 * nothing to do there. A Java migration, as the one SQL text would not run on both databases.
 */
public class V17__partial_run_indexes extends BaseJavaMigration {
  @Override
  public void migrate(Context context) throws Exception {
    String product = context.getConnection().getMetaData().getDatabaseProductName();
    if (!product.toLowerCase(Locale.ROOT).contains("postgres")) {
      return;
    }
    try (Statement statement = context.getConnection().createStatement()) {
      statement.execute("DROP INDEX durable_runs_due");
      statement.execute(
          "CREATE INDEX durable_runs_due ON durable_runs (due_at) WHERE due_at IS NOT NULL");
      statement.execute("DROP INDEX durable_runs_parent");
      statement.execute("CREATE INDEX durable_runs_parent ON durable_runs (parent_run_id)"
          + " WHERE parent_run_id IS NOT NULL");
    }
  }
}
