/**
 * <b>Internal: not part of Durable's API.</b> Its classes may change or go in any release; use
 * {@code dev.durable.runtime} and the generated classes instead.
 *
 * <p>Continue-as-new and forks: {@link RunLineages} starts a run's next generation (deleting
 * what the one that ends recorded) and inserts a fork with what its source recorded below its
 * position, with the statements of {@link LineageTable}.
 */
package dev.durable.runtime.internal.store.lineage;
