package dev.durable.runtime;

/**
 * A compensation of a failed run: a completed step whose {@code @Step(compensate = ...)} step
 * undoes it, listed in the order they run (the last completed first).
 *
 * @param step the name of the step it undoes
 * @param position that step's position among the run's checkpoints
 * @param compensation the name of the step that undoes it
 * @param status where the compensation is: {@link StepState#PENDING} until it starts, {@link
 *     StepState#COMPLETED} once it has undone the step, {@link StepState#FAILED} if it failed for
 *     good (the run then failed with code {@code compensation_failed})
 */
public record CompensationInfo(String step, int position, String compensation, StepState status) {}
