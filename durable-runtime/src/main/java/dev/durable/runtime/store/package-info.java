/**
 * Durable's storage: the {@link dev.durable.runtime.store.Store} facade and the records it reads
 * and writes. Each table's SQL lives in one class ({@code RunsTable}, {@code StepsTable}, {@code
 * EventsTable}, {@code TasksTable}); everything H2 and PostgreSQL do differently lives in the two
 * implementations of {@code Dialect} ({@code H2Dialect}, {@code PostgresDialect}), which build
 * their own statements (claims, multi-statement batches, notifications) from the table classes'
 * column lists and fragments. The schema is created by Flyway from {@code db/durable/common}; it
 * changes only through new migrations.
 */
package dev.durable.runtime.store;
