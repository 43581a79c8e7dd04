/**
 * <b>Internal: not part of Durable's API.</b> Its classes may change or go in any release; use
 * {@code dev.durable.runtime} and the generated classes instead.
 *
 * <p>The records every room passes around, most of them rows as the store reads and writes them:
 * a run ({@link RunRecord}, {@link NewRun} to store one, {@link ClaimedRun} as a claim took it,
 * {@link RunSnapshot} with its checkpoints), a checkpoint ({@link CheckpointRecord}, {@link
 * CheckpointKind}), a task ({@link TaskRecord}, {@link TaskOutcome}), a turn's progress to
 * commit ({@link Commit}, fenced by a {@link Fence}, changing the run as {@link RunChange} says),
 * the events of a run's history ({@link EventType}, {@link NewEvent}), where a new run waits
 * ({@link QueuePlace}), and the rows of signals, schedules, queues and lineage. Data only: no class
 * here reads or writes the database, and none names another room but the API.
 */
package dev.durable.runtime.internal.model;
