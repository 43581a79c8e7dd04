package dev.durable.runtime.internal.store.ops;

import dev.durable.runtime.WorkflowShape;
import dev.durable.runtime.internal.model.WorkflowKey;
import dev.durable.runtime.internal.store.sql.Dialect;
import dev.durable.runtime.internal.store.sql.Transactions;
import dev.durable.runtime.internal.store.sql.Values;
import java.time.Instant;
import java.util.List;

/**
 * The shapes of workflow versions kept in the database ({@link WorkflowShapesTable}): an engine
 * stores each registered version's at build, and operator tools read them without the workflows'
 * classes.
 */
public final class StoredShapes {
  private final Transactions transactions;
  private final Dialect dialect;
  private final WorkflowShapesTable shapes;

  public StoredShapes(Transactions transactions, Dialect dialect, WorkflowShapesTable shapes) {
    this.transactions = transactions;
    this.dialect = dialect;
    this.shapes = shapes;
  }

  /** Stores {@code json} as the shape of {@code workflow}, in place of any stored before. */
  public void store(WorkflowKey workflow, String json, Instant now) {
    Values values = new Values().string("name", workflow.name())
        .string("version", workflow.version()).string("shape", json).instant("now", now);
    transactions.autocommit("store the shape of " + workflow,
        c -> dialect.upsert(c, dialect.shapeUpsert(), values));
  }

  /** The stored shapes of workflow {@code name}, ordered by version's text. */
  public List<WorkflowShape> of(String name) {
    return transactions.autocommit("read the shapes of workflow '" + name + "'",
        c -> shapes.ofWorkflow(c, name));
  }
}
