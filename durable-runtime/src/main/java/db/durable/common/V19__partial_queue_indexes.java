package db.durable.common;

import java.sql.Statement;
import java.util.Locale;
import org.flywaydb.core.api.migration.BaseJavaMigration;
import org.flywaydb.core.api.migration.Context;

/**
 * On PostgreSQL, the queue indexes of V18 hold only the runs started through a queue (or with a
 * deduplication id): every lookup names a queue ({@code queue_name = :queue}, which implies it is
 * not null) or a deduplication key. A run started without a queue then adds no entry to them, at
 * its start or at any update of its row, so the runs that use no queue pay nothing for queues. H2
 * has no partial indexes: nothing to do there. A Java migration, as the one SQL text would not
 * run on both databases.
 */
public class V19__partial_queue_indexes extends BaseJavaMigration {
  @Override
  public void migrate(Context context) throws Exception {
    String product = context.getConnection().getMetaData().getDatabaseProductName();
    if (!product.toLowerCase(Locale.ROOT).contains("postgres")) {
      return;
    }
    try (Statement statement = context.getConnection().createStatement()) {
      statement.execute("DROP INDEX durable_runs_queue");
      statement.execute("CREATE INDEX durable_runs_queue ON durable_runs"
          + " (queue_name, status, partition_key, priority, created_at)"
          + " WHERE queue_name IS NOT NULL");
      statement.execute("DROP INDEX durable_runs_queue_admitted");
      statement.execute("CREATE INDEX durable_runs_queue_admitted ON durable_runs"
          + " (queue_name, partition_key, admitted_at) WHERE queue_name IS NOT NULL");
      statement.execute("DROP INDEX durable_runs_dedup");
      statement.execute("CREATE UNIQUE INDEX durable_runs_dedup ON durable_runs (dedup_key)"
          + " WHERE dedup_key IS NOT NULL");
    }
  }
}
