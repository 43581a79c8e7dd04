package dev.durable.runtime.internal.store.tables;

import dev.durable.runtime.codec.StoredForm;
import dev.durable.runtime.internal.store.flow.QueueSlotsTable;
import dev.durable.runtime.internal.store.flow.QueuesTable;
import dev.durable.runtime.internal.store.lineage.LineageTable;
import dev.durable.runtime.internal.store.ops.OverviewTable;
import dev.durable.runtime.internal.store.ops.WorkflowShapesTable;
import dev.durable.runtime.internal.store.run.EventsTable;
import dev.durable.runtime.internal.store.run.RunLeases;
import dev.durable.runtime.internal.store.run.RunsTable;
import dev.durable.runtime.internal.store.run.StepsTable;
import dev.durable.runtime.internal.store.schedule.SchedulesTable;
import dev.durable.runtime.internal.store.signal.SignalTokensTable;
import dev.durable.runtime.internal.store.signal.SignalsTable;
import dev.durable.runtime.internal.store.signal.WorkflowSignalsTable;
import dev.durable.runtime.internal.store.sql.Schema;
import dev.durable.runtime.internal.store.task.TasksTable;
import dev.durable.runtime.internal.store.values.AttributesTable;
import dev.durable.runtime.internal.store.values.RunValuesTable;

/**
 * The catalogues of Durable's tables in one schema, each built once, with the schema, when the
 * store is built: every statement is then sent as it was written, and statements that span tables
 * are put together from the catalogues' own parts. The components of the store are each handed
 * the catalogues they use.
 */
public record Tables(
    Schema schema,
    RunsTable runs,
    RunLeases leases,
    StepsTable steps,
    EventsTable events,
    TasksTable tasks,
    SignalsTable signals,
    SchedulesTable schedules,
    AttributesTable attributes,
    RunValuesTable values,
    LineageTable lineage,
    QueuesTable queues,
    QueueSlotsTable slots,
    WorkflowShapesTable shapes,
    WorkflowSignalsTable workflowSignals,
    SignalTokensTable signalTokens,
    OverviewTable overview) {

  /** The catalogues of the tables in {@code schema}. */
  public static Tables in(Schema schema) {
    return in(schema, StoredForm.plain());
  }

  /**
   * The catalogues of the tables in {@code schema}, which store error messages and history
   * details in {@code form} (through the payload codec, if any, as they may quote values).
   */
  public static Tables in(Schema schema, StoredForm form) {
    String steps = schema.table(StepsTable.NAME);
    EventsTable events = new EventsTable(schema, steps, form);
    RunLeases leases = new RunLeases(schema, events);
    TasksTable tasks = new TasksTable(schema, leases, form);
    RunsTable runs = new RunsTable(schema, tasks.storedRuns, steps, form);
    return new Tables(schema, runs, leases, new StepsTable(schema, leases, events, runs, form),
        events, tasks,
        new SignalsTable(schema), new SchedulesTable(schema), new AttributesTable(schema),
        new RunValuesTable(schema), new LineageTable(schema), new QueuesTable(schema, events),
        new QueueSlotsTable(schema), new WorkflowShapesTable(schema),
        new WorkflowSignalsTable(schema), new SignalTokensTable(schema),
        new OverviewTable(schema, runs));
  }
}
