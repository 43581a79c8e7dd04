/**
 * <b>Internal: not part of Durable's API.</b> Its classes may change or go in any release; use
 * {@code dev.durable.runtime} and the generated classes instead.
 *
 * <p>Durable's storage: the {@code Store} facade and the records it reads and writes. Each table's
 * statements are written whole, once per store with its schema ({@code Schema}, {@code Tables}),
 * with named parameters ({@code Sql}, {@code Values}), in the catalogue of the table they belong
 * to ({@code RunsTable} and {@code RunLeases}, {@code StepsTable}, {@code EventsTable}, {@code
 * TasksTable}, {@code SchedulesTable}, {@code SignalsTable}, {@code AttributesTable}); {@code
 * TaskQueue} and {@code SignalQueue} are the facades of tasks and signals; {@code FinishedRuns}
 * deletes ended runs across all of them. The algorithms that span tables are one each for both
 * databases ({@code Claims}, {@code RunInserts}, {@code ProgressWriter}, {@code Resumptions#read});
 * everything that differs between the two is the {@code Dialect}'s, and only its files ({@code
 * Dialect}, {@code H2*}, {@code Postgres*}) know which database it is: how a step's statements
 * are sent (PostgreSQL joins several in one text, one round trip; H2 sends them one by one in a
 * transaction), the steps PostgreSQL does in one statement that H2 cannot run, and the {@code
 * Notifications}. The schema is created by Flyway from {@code db/durable/common}; it changes only
 * through new migrations.
 */
package dev.durable.runtime.internal.store;
