/**
 * What Durable's own test modules share on their test class path (each takes this module in test
 * scope): the notice that says why PostgreSQL tests were skipped, which store variants run ({@link
 * dev.durable.build.StoreVariants}, {@link dev.durable.build.OnPostgres}), and the PostgreSQL roles of a
 * production installation ({@link dev.durable.build.Roles}). Not part of the library.
 */
package dev.durable.build;
