package db.durable.common;

import java.sql.Statement;
import java.util.Locale;
import org.flywaydb.core.api.migration.BaseJavaMigration;
import org.flywaydb.core.api.migration.Context;

/**
 * The indexes of the operators' overview and of a run's relations ({@code engine.overview},
 * {@code RunFilter.forkedFrom}).
 *
 * <p>Runs ended per period: an ended run's {@code updated_at} is when it ended (no write changes
 * an ended run's row but a requeue, which makes it unended again), so the runs that ended in a
 * window are a range of an index on {@code (updated_at, status)}. Every write that moves {@code
 * updated_at} also changes {@code status} or {@code due_at}, both indexed already: such an update
 * writes a new entry in every index of the row anyway (PostgreSQL makes no HOT update of it), and
 * no update that was HOT before stops being one. On PostgreSQL the index is partial, holding the
 * ended runs alone: a run adds one entry, at its end. The event log was the other path (its
 * {@code run.completed} and {@code run.failed} rows have the time); an index there would cost
 * every event of every run, several per step on H2.
 *
 * <p>The forks of a run: an index on {@code (forked_from, created_at, run_id)}, in the order the
 * run search lists, partial on PostgreSQL (only forks have an entry). H2 has no partial indexes:
 * there both hold every run. A Java migration, as the one SQL text would not run on both databases.
 */
public class V26__overview_indexes extends BaseJavaMigration {
  @Override
  public void migrate(Context context) throws Exception {
    String product = context.getConnection().getMetaData().getDatabaseProductName();
    boolean postgres = product.toLowerCase(Locale.ROOT).contains("postgres");
    try (Statement statement = context.getConnection().createStatement()) {
      statement.execute("CREATE INDEX durable_runs_ended ON durable_runs (updated_at, status)"
          + (postgres ? " WHERE status IN ('COMPLETED', 'FAILED', 'CANCELLED')" : ""));
      statement.execute("CREATE INDEX durable_runs_forked_from ON durable_runs"
          + " (forked_from, created_at, run_id)"
          + (postgres ? " WHERE forked_from IS NOT NULL" : ""));
    }
  }
}
