package dev.durable.runtime.internal.store;

import dev.durable.runtime.WorkflowShape;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * The catalogue of {@code durable_workflow_shapes} (V25): per workflow version, its shape as the
 * engines that register it store it. One statement per version, in the dialect's form of upsert
 * ({@link Dialect.Upsert}); the last engine built with a version writes its shape, which for one
 * version is the same text on every build.
 */
final class WorkflowShapesTable {
  private static final Sql MERGE = Sql.of(
      "MERGE INTO durable_workflow_shapes (workflow_name, workflow_version, shape, updated_at)"
          + " KEY (workflow_name, workflow_version) VALUES (:name, :version, :shape, :now)");
  private static final Sql UPSERT = Sql.of(
      "INSERT INTO durable_workflow_shapes (workflow_name, workflow_version, shape, updated_at)"
          + " VALUES (:name, :version, :shape, :now)"
          + " ON CONFLICT (workflow_name, workflow_version)"
          + " DO UPDATE SET shape = EXCLUDED.shape, updated_at = EXCLUDED.updated_at");
  /** Every version of one workflow, served by the primary key. */
  private static final Sql SELECT_OF_WORKFLOW = Sql.of(
      "SELECT workflow_version, shape, updated_at FROM durable_workflow_shapes"
          + " WHERE workflow_name = :name ORDER BY workflow_version");

  private WorkflowShapesTable() {}

  /** Stores {@code values}' shape of a version with {@code upsert}'s statement. */
  static int store(Connection connection, Dialect.Upsert upsert, Values values)
      throws SQLException {
    return switch (upsert) {
      case ON_CONFLICT -> UPSERT.update(connection, values);
      case MERGE -> merge(connection, values);
    };
  }

  /** {@link #MERGE}, once more where another engine inserted the row first: it updates then. */
  private static int merge(Connection connection, Values values) throws SQLException {
    try {
      return MERGE.update(connection, values);
    } catch (SQLException e) {
      if (!SqlErrors.isUniqueViolation(e)) {
        throw e;
      }
      return MERGE.update(connection, values);
    }
  }

  /** The stored shapes of workflow {@code name}, by version. */
  static List<WorkflowShape> ofWorkflow(Connection connection, String name) throws SQLException {
    return SELECT_OF_WORKFLOW.list(connection, new Values().string("name", name),
        rows -> new WorkflowShape(name, rows.getString(1), rows.getString(2),
            Rows.instant(rows, 3)));
  }
}
