/**
 * <b>Internal: not part of Durable's API.</b> Its classes may change or go in any release; use
 * {@code dev.durable.runtime} and the generated classes instead.
 *
 * <p>Durable's storage: the {@code Store} facade and the records it reads and writes. Each table's
 * SQL lives in one class ({@code RunsTable}, {@code StepsTable}, {@code EventsTable}, {@code
 * TasksTable}, {@code SchedulesTable}, {@code SignalsTable}; {@code TaskQueue} and {@code
 * SignalQueue} are the facades of tasks and signals; {@code FinishedRuns} deletes ended runs
 * across all of them); everything H2 and PostgreSQL do differently
 * lives in the two implementations of {@code Dialect} ({@code H2Dialect}, {@code PostgresDialect}),
 * which build their own statements (claims, multi-statement batches, notifications) from the table
 * classes' column lists and fragments. The schema is created by Flyway from {@code
 * db/durable/common}; it changes only through new migrations.
 */
package dev.durable.runtime.internal.store;
