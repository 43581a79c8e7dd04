package dev.durable.runtime.internal.store;

import dev.durable.runtime.WorkflowShape;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * The catalogue of {@code durable_workflow_shapes} (V25): per workflow version, its shape as the
 * engines that register it store it. One upsert per version, in each dialect's syntax (no upsert
 * runs on both: H2 has {@code MERGE ... KEY}, PostgreSQL {@code ON CONFLICT}); the last engine to
 * start with a version writes its shape, which for one version is the same text on every build.
 */
final class WorkflowShapesTable {
  private static final Sql UPSERT_H2 = Sql.of(
      "MERGE INTO durable_workflow_shapes (workflow_name, workflow_version, shape, updated_at)"
          + " KEY (workflow_name, workflow_version) VALUES (:name, :version, :shape, :now)");
  private static final Sql UPSERT_POSTGRES = Sql.of(
      "INSERT INTO durable_workflow_shapes (workflow_name, workflow_version, shape, updated_at)"
          + " VALUES (:name, :version, :shape, :now)"
          + " ON CONFLICT (workflow_name, workflow_version)"
          + " DO UPDATE SET shape = EXCLUDED.shape, updated_at = EXCLUDED.updated_at");
  /** Every version of one workflow, served by the primary key. */
  private static final Sql SELECT_OF_WORKFLOW = Sql.of(
      "SELECT workflow_version, shape, updated_at FROM durable_workflow_shapes"
          + " WHERE workflow_name = :name ORDER BY workflow_version");

  private WorkflowShapesTable() {}

  /** The upsert of one version's shape in {@code dialect}'s syntax. */
  static Sql upsert(Dialect dialect) {
    return dialect instanceof PostgresDialect ? UPSERT_POSTGRES : UPSERT_H2;
  }

  /** The stored shapes of workflow {@code name}, by version. */
  static List<WorkflowShape> ofWorkflow(Connection connection, String name) throws SQLException {
    return SELECT_OF_WORKFLOW.list(connection, new Values().string("name", name),
        rows -> new WorkflowShape(name, rows.getString(1), rows.getString(2),
            Rows.instant(rows, 3)));
  }
}
