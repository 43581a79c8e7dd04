package dev.durable.runtime.internal.turn;

import dev.durable.runtime.codec.Payloads;
import dev.durable.runtime.internal.engine.Hooks;
import dev.durable.runtime.internal.observe.Observer;
import dev.durable.runtime.internal.time.Time;
import dev.durable.runtime.internal.store.Store;
import dev.durable.runtime.internal.wake.EngineWakeups;

/**
 * What the pieces of every turn ({@link TurnImpl}, {@link StepResults}, {@link LocalAttempts},
 * {@link DispatchedSteps}, {@link Fans}, {@code Children}, {@code SignalWaits}, ...) use of their
 * engine; what they share of their turn is the {@link TurnScope}. What only one piece uses is
 * handed to that piece alone.
 *
 * @param store the run's tasks, signals and child runs (the turn's own progress is written
 *     through its {@code ProgressBuffer})
 * @param payloads encodes and decodes arguments, results and signals
 * @param time the engine's clock
 * @param hooks the users' hooks
 * @param observer reports metrics and spans; {@link Observer#NONE} without either
 * @param wakeups wakes runs and tells workers of tasks queued
 */
public record TurnContext(
    Store store, Payloads payloads, Time time, Hooks hooks, Observer observer,
    EngineWakeups wakeups) {}
