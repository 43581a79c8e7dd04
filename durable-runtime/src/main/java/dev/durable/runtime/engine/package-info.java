/**
 * The engine and the worker: claiming due runs, executing turns, retries and durable backoff,
 * timers, leases, serving dispatched tasks, and the background poll engines and workers share
 * ({@code PollLoop}). A turn ({@code TurnImpl}, a facade) is made of pieces with one job each:
 * {@code ReplayLog}, {@code LocalAttempts}, {@code DispatchedSteps} (with {@code Deadlines}),
 * {@code Fans}, {@code ProgressBuffer} and {@code TurnControl}; every change to a step's state goes
 * through {@code StepTransitions}. Only {@link dev.durable.runtime.engine.Engines}, {@link
 * dev.durable.runtime.engine.EngineConfig} and {@link dev.durable.runtime.engine.Workers} are
 * public, for the builders; the rest is package-private.
 */
package dev.durable.runtime.engine;
