/**
 * <b>Internal: not part of Durable's API.</b> Its classes may change or go in any release; use
 * {@code dev.durable.runtime} and the generated classes instead.
 *
 * <p>Runs, their checkpoints and their histories. The catalogues: {@link RunsTable} (the only
 * class that spells {@code durable_runs}; its fenced updates in {@link RunFences}), {@link
 * RunLeases} (the filters of claims, renewals and releases), {@link StepsTable} and {@link
 * EventsTable}. The algorithms, one each for both databases: {@link Claims} (the poll's claim, the
 * claim ahead of a timer, a worker's claim of tasks) and {@link RunInserts} (starts). The other
 * concern rooms of the store build on this one; what spans a run's other concerns too (a turn's
 * reads and progress, cancel and requeue) is in {@code store.turn}.
 */
package dev.durable.runtime.internal.store.run;
