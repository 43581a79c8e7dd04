/**
 * <b>Internal: not part of Durable's API.</b> Its classes may change or go in any release; use
 * {@code dev.durable.runtime} and the generated classes instead.
 *
 * <p>One turn of a run: an execution of its {@code @Run} method from the top. {@link Turns} makes
 * them; {@link TurnImpl} is the facade the generated code and the workflow call; its pieces, each
 * with one job, share its {@link TurnScope} and their engine's {@link TurnContext}: {@link
 * ReplayLog}, {@code LocalAttempts} (with {@link AttemptRunner}), {@code DispatchedSteps} (with
 * {@code Deadlines}), {@code Fans}, {@link RecordedValues}, {@code DurableSleeps}, {@link
 * Compensations}, {@link Interruptions} and {@link TurnControl}; every change to a step's state
 * goes through {@link StepTransitions}. {@link WorkflowBody} calls the workflow's code and its
 * failure handling; {@link BranchCalls} and {@link RetryOverrides} are what {@code Parallel} and
 * {@code Retry} reach through their runners; {@link EagerDispatch} hands the tasks a commit queues
 * to workers of this process; {@link Replays} replays exported runs with a turn that only replays.
 */
package dev.durable.runtime.internal.turn;
