/**
 * <b>Internal: not part of Durable's API.</b> Its classes may change or go in any release; use
 * {@code dev.durable.runtime} and the generated classes instead.
 *
 * <p>The store's composition. {@link Stores} opens the database: it connects once, has the dialect
 * chosen by the database's product name ({@code store.dialect.Dialects}), builds every table's
 * catalogue once with the store's schema ({@code store.tables.Tables}) and the concern stores over
 * them and that one dialect, handing each the catalogues it uses (the rooms beside this package:
 * {@code store.run}, {@code store.task}, {@code store.signal}, {@code store.values}, {@code
 * store.lineage}, {@code store.flow}, {@code store.schedule}, {@code store.ops}; what they share is
 * {@code store.sql}, what differs between H2 and PostgreSQL {@code store.dialect}). {@link
 * RunStore} is the runs' own store. {@link StoreOptions} is how a store is opened, as a builder set
 * it. The schema is created by Flyway from {@code db/durable/common} ({@code Migrations}); it
 * changes only through new migrations.
 */
package dev.durable.runtime.internal.store;
