/**
 * <b>Internal: not part of Durable's API.</b> Its classes may change or go in any release; use
 * {@code dev.durable.runtime} and the generated classes instead.
 *
 * <p>Runs, their checkpoints and their histories. The catalogues: {@link RunsTable} (the only
 * class that spells {@code durable_runs}), {@link RunLeases} (the filters of claims, renewals and
 * releases), {@link StepsTable} and {@link EventsTable}. The algorithms, one each for both
 * databases: {@link Claims} (the poll's claim with its turns' reads, the claim ahead of a timer, a
 * worker's claim of tasks), {@link RunInserts} (starts), {@link ProgressWriter} (a batch of turns'
 * commits, each fenced by its run's epoch; {@link ProgressStatements} as plain statements), what a
 * resumed turn reads, and {@link RunControl} (cancel, requeue).
 */
package dev.durable.runtime.internal.store.run;
