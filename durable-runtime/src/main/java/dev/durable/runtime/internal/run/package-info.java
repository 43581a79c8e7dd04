/**
 * <b>Internal: not part of Durable's API.</b> Its classes may change or go in any release; use
 * {@code dev.durable.runtime} and the generated classes instead.
 *
 * <p>A run's life on an engine, around its turns: {@link RunStarts} stores new runs (through
 * {@link StartWrites}, with the starts made at the same moment: {@link GroupCommit}); the {@link
 * Scheduler} polls for due runs, claims them ({@link RunClaims}) into the engine's slots ({@code
 * RunConcurrency}) and threads ({@link Threads}, {@link VirtualThreads}), renews their {@link
 * Leases}, and stops runs cancelled elsewhere ({@link SteeredElsewhere}); {@link RunExecutor}
 * executes one turn and records how the run ended. A turn's progress goes through {@link
 * ProgressBuffer} and {@link ProgressWrites}; {@link InFlight} knows the runs executing here,
 * {@link RunAwaits} and {@link Waiters} answer {@code await}, and {@link Time} is the engine's
 * clock.
 */
package dev.durable.runtime.internal.run;
