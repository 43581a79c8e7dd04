/**
 * <b>Internal: not part of Durable's API.</b> Its classes may change or go in any release; use
 * {@code dev.durable.runtime} and the generated classes instead.
 *
 * <p>Dispatched steps' tasks: {@link TaskQueue} is the store's side of them (queued with a turn's
 * commit; claimed, heartbeaten and answered by workers; watched, given up and delivered again by
 * engines), over the catalogue {@link TasksTable}; {@code TaskViews} are the operators' reads.
 */
package dev.durable.runtime.internal.store.task;
