/**
 * <b>Internal: not part of Durable's API.</b> Its classes may change or go in any release; use
 * {@code dev.durable.runtime} and the generated classes instead.
 *
 * <p>Workers: {@link DefaultWorker} polls for the queued tasks of the steps it serves, runs their
 * handlers ({@code TypedHandler} for a typed binding) and stores their outcomes ({@code
 * TaskAnswers}, with the hand-back of a run to the engine of this process that handed the task
 * over); {@link Workers} builds a worker from its configuration.
 */
package dev.durable.runtime.internal.worker;
