/**
 * <b>Internal: not part of Durable's API.</b> Its classes may change or go in any release; use
 * {@code dev.durable.runtime} and the generated classes instead.
 *
 * <p>What operators call, off the runs' path: {@link RunStatuses} (the status API, with the
 * attempts in flight here), {@link RunExports} (runs read for {@code DurableEngine.export}, and
 * turned back into what a replay reads), {@link OperatorViews} (tasks, workers, queues and
 * schedules as the public records show them) and {@link Retention} (deleting ended runs, on demand
 * and in the background). The store's side is {@code store.ops}.
 */
package dev.durable.runtime.internal.ops;
