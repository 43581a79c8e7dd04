/**
 * <b>Internal: not part of Durable's API.</b> Its classes may change or go in any release; use
 * {@code dev.durable.runtime} and the generated classes instead.
 *
 * <p>The store's side of a turn, which spans the tables of a run's concerns: the runs' and steps'
 * ({@code store.run}), the tasks' ({@code store.task}), the signals' ({@code store.signal}), the
 * values' and attributes' ({@code store.values}). What a turn of a claimed run resumes from: its
 * checkpoints and waiting tasks, read after a claim ({@link ClaimedRows}) or alone ({@link
 * Resumptions}). What it writes: {@link ProgressWriter} (a batch of turns' commits, each fenced by
 * its run's epoch), {@link ProgressStatements} (the same as plain statements). And the operator's
 * changes to a run's course, which reach its tasks too: {@link RunControl} (cancel, requeue). Each
 * class is handed the catalogues it uses; above the concern rooms, below the dialect and the
 * composition.
 */
package dev.durable.runtime.internal.store.turn;
