/**
 * <b>Internal: not part of Durable's API.</b> Its classes may change or go in any release; use
 * {@code dev.durable.runtime} and the generated classes instead.
 *
 * <p>What every store room uses to write and send its statements: {@link Sql} (a statement written
 * whole with named parameters), {@link Values} and {@link Params} (their values), {@link Schema}
 * (the schema each statement names its tables in), {@link ShapedText} (a text that depends on a
 * shape, written once per shape), {@link Round} (a step's statements, sent as one text or one by
 * one), {@link Transactions}, {@link SqlErrors} (an outage or a refusal), {@link Rows}, and a
 * turn's writes as statements ({@link TurnProgress}, {@link ProgressWrite}). The interfaces the
 * databases implement are here too: {@link Dialect}, everything that differs between H2 and
 * PostgreSQL, and {@link Notifications}, the one component that sends and hears the database's
 * notifications; their implementations are in {@code store.dialect}.
 */
package dev.durable.runtime.internal.store.sql;
