package dev.durable.runtime.internal.turn;

import dev.durable.runtime.internal.model.RunRecord;
import dev.durable.runtime.internal.run.ProgressBuffer;

/**
 * What the pieces of one turn ({@link LocalAttempts}, {@link DispatchedSteps}, {@link Fans},
 * {@code Children}, {@link RecordedValues}, {@code SignalWaits}) share of that turn; what they use
 * of their engine is the {@link TurnContext}.
 *
 * @param run the run the turn is of, as claimed
 * @param log matches the turn's calls to the run's checkpoints
 * @param control says whether and why the turn stopped, and makes it wait
 * @param progress holds and writes the turn's checkpoints and events
 * @param results records a step's outcome
 * @param hooks tells the users' hooks of a step's start and retries
 * @param interruptions the attempts the engine the run was taken over from may have had in flight
 */
public record TurnScope(
    RunRecord run, ReplayLog log, TurnControl control, ProgressBuffer progress,
    StepResults results, StepHooks hooks, Interruptions interruptions) {}
