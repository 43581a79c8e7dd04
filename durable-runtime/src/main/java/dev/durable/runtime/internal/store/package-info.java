/**
 * <b>Internal: not part of Durable's API.</b> Its classes may change or go in any release; use
 * {@code dev.durable.runtime} and the generated classes instead.
 *
 * <p>Durable's storage: the {@code Store} facade and the records it reads and writes. Each table's
 * statements are written whole, once, with named parameters ({@code Sql}, {@code Values}), in the
 * catalogue of the table they belong to ({@code RunsTable}, {@code StepsTable}, {@code
 * EventsTable}, {@code TasksTable}, {@code SchedulesTable}, {@code SignalsTable}); {@code
 * TaskQueue} and {@code SignalQueue} are the facades of tasks and signals; {@code FinishedRuns}
 * deletes ended runs across all of them. What H2 and PostgreSQL do differently lives in the two
 * implementations of {@code Dialect} ({@code H2Dialect}, {@code PostgresDialect}): how the
 * catalogues' statements are sent (PostgreSQL joins several in one text, one round trip) and
 * notifications. The schema is created by Flyway from {@code db/durable/common}; it changes only
 * through new migrations.
 */
package dev.durable.runtime.internal.store;
