/**
 * <b>Internal: not part of Durable's API.</b> Its classes may change or go in any release; use
 * {@code dev.durable.runtime} and the generated classes instead.
 *
 * <p>H2 and PostgreSQL: the two implementations of the store's {@code Dialect}, the only classes
 * that know which database they are on, and their choice ({@link Dialects}, by the product name the
 * database reports). {@link H2Dialect} sends a step's statements one by one in a transaction and
 * does the steps PostgreSQL does in one statement with statements H2 runs correctly ({@link
 * H2Claims}, {@code H2Writes}); {@link PostgresDialect} joins a step's statements into one text,
 * one round trip, and does its claims, starts, outcomes and progress in one statement each ({@code
 * PostgresClaims}, {@code PostgresStarts}, {@code PostgresOutcomes}, {@code PostgresProgress}).
 * Each also writes the statements that differ: the upserts, the counts per period, the index hints.
 * {@link PostgresNotifications} is the one class that writes {@code pg_notify}, and {@link
 * PostgresListener} listens; {@code PostgresUpkeep} warns about autovacuum.
 */
package dev.durable.runtime.internal.store.dialect;
