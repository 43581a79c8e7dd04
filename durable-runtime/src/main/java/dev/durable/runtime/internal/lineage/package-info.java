/**
 * <b>Internal: not part of Durable's API.</b> Its classes may change or go in any release; use
 * {@code dev.durable.runtime} and the generated classes instead.
 *
 * <p>Runs that come from other runs: {@link Children} (the child runs a turn starts through a
 * client made from its context, and its durable waits for them), {@link ContinueAsNew} (a turn that
 * starts its run over with a new input) and {@link RunForks} ({@code engine.fork}: a new run with
 * what its source recorded below a position). The store's side is {@code store.lineage}.
 */
package dev.durable.runtime.internal.lineage;
