package db.durable.common;

import java.sql.Statement;
import org.flywaydb.core.api.migration.BaseJavaMigration;
import org.flywaydb.core.api.migration.Context;

/**
 * On PostgreSQL, an index on the run id in the "C" collation, which {@code listRuns} seeks a run id
 * prefix in: {@code LIKE 'x%'} cannot use the primary key in a database's linguistic collation.
 * H2 compares ids as they are and serves a prefix from its primary key: nothing to do there. A Java
 * migration, as the one SQL text would not run on both databases.
 */
public class V12_1__run_id_prefix_index extends BaseJavaMigration {
  @Override
  public void migrate(Context context) throws Exception {
    String product = context.getConnection().getMetaData().getDatabaseProductName();
    if (!product.toLowerCase(java.util.Locale.ROOT).contains("postgres")) {
      return;
    }
    try (Statement statement = context.getConnection().createStatement()) {
      statement.execute(
          "CREATE INDEX durable_runs_id_c ON durable_runs ((run_id COLLATE \"C\"))");
    }
  }
}
