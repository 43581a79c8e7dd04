package dev.durable.runtime.internal.turn;

import dev.durable.runtime.codec.Payloads;
import dev.durable.runtime.internal.common.Hooks;
import dev.durable.runtime.internal.observe.Observer;
import dev.durable.runtime.internal.signal.SignalTokens;
import dev.durable.runtime.internal.store.RunStore;
import dev.durable.runtime.internal.store.signal.SignalQueue;
import dev.durable.runtime.internal.store.task.TaskQueue;
import dev.durable.runtime.internal.store.values.StoredAttributes;
import dev.durable.runtime.internal.time.Time;
import dev.durable.runtime.internal.wake.EngineWakeups;

/**
 * What the pieces of every turn ({@link TurnImpl}, {@link StepResults}, {@link LocalAttempts},
 * {@link DispatchedSteps}, {@link Fans}, {@code Children}, {@code SignalWaits}, ...) use of their
 * engine; what they share of their turn is the {@link TurnScope}. What only one piece uses is
 * handed to that piece alone.
 *
 * @param store the runs: a child's, the run's resumption (the turn's own progress is written
 *     through its {@code ProgressBuffer})
 * @param tasks the tasks of the run's dispatched steps
 * @param signals the signals sent to the run
 * @param attributes the runs' searchable attributes
 * @param payloads encodes and decodes arguments, results and signals
 * @param time the engine's clock
 * @param hooks the users' hooks
 * @param observer reports metrics and spans; {@link Observer#NONE} without either
 * @param wakeups wakes runs and tells workers of tasks queued
 * @param tokens makes the run's signal tokens ({@code ctx.signalToken}); null where none is made
 *     (a replay returns the recorded ones)
 */
public record TurnContext(
    RunStore store, TaskQueue tasks, SignalQueue signals, StoredAttributes attributes,
    Payloads payloads, Time time, Hooks hooks, Observer observer,
    EngineWakeups wakeups, SignalTokens tokens) {}
