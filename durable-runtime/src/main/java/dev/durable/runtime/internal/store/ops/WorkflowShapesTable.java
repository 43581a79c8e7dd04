package dev.durable.runtime.internal.store.ops;

import dev.durable.runtime.WorkflowShape;
import dev.durable.runtime.internal.store.sql.Rows;
import dev.durable.runtime.internal.store.sql.Schema;
import dev.durable.runtime.internal.store.sql.Sql;
import dev.durable.runtime.internal.store.sql.Values;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * The catalogue of {@code durable_workflow_shapes} (V25): per workflow version, its shape as the
 * engines that register it store it. One statement per version, each dialect's upsert ({@link
 * Dialect#shapeUpsert}); the last engine built with a version writes its shape, which for one
 * version is the same text on every build.
 */
public final class WorkflowShapesTable {
  public static final String NAME = "durable_workflow_shapes";
  /** The columns an upsert writes, and the values it binds to them. */
  public static final String COLUMNS = "workflow_name, workflow_version, shape, updated_at";
  public static final String VALUES = ":name, :version, :shape, :now";

  /** Every version of one workflow, served by the primary key. */
  private final Sql selectOfWorkflow;

  public WorkflowShapesTable(Schema schema) {
    selectOfWorkflow = Sql.of("SELECT workflow_version, shape, updated_at FROM "
        + schema.table(NAME) + " WHERE workflow_name = :name ORDER BY workflow_version");
  }

  /** The stored shapes of workflow {@code name}, by version. */
  List<WorkflowShape> ofWorkflow(Connection connection, String name) throws SQLException {
    return selectOfWorkflow.list(connection, new Values().string("name", name),
        rows -> new WorkflowShape(name, rows.getString(1), rows.getString(2),
            Rows.instant(rows, 3)));
  }
}
