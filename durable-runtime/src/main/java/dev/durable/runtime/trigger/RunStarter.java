package dev.durable.runtime.trigger;

import dev.durable.runtime.RunHandle;

/**
 * The user's part of a trigger: starts the run for one decoded message through the workflow's
 * generated client, and returns the handle that start returned, which says whether the start
 * stored the run ({@link RunHandle#created()}) or found it stored by an earlier delivery.
 *
 * <pre>{@code
 * (start, order) -> CheckoutWorkflowClient.of(start.engine()).start(start.options(), order)
 * (start, order) -> CheckoutWorkflowClient.of(start.engine()).start(start.runId(), order)
 * }</pre>
 *
 * <p>Start with {@link RunStart#options()} (or at least its run id); a start with an id of its own
 * would make a second run when the message is delivered again. Throwing {@link
 * dev.durable.runtime.InvalidInputException} or {@link IllegalArgumentException} says the message
 * can never start a run (it is dead-lettered); any other exception has it delivered again later.
 *
 * @param <T> the run's input, as the trigger's {@link MessageDecoder} made it
 */
@FunctionalInterface
public interface RunStarter<T> {
  /** Starts the run for {@code input} as {@code start} says; returns the client's handle. */
  RunHandle<?> start(RunStart start, T input);
}
