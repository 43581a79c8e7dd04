/**
 * <b>Internal: not part of Durable's API.</b> Its classes may change or go in any release; use
 * {@code dev.durable.runtime} and the generated classes instead.
 *
 * <p>The engine's composition root and its ways in. {@link Factories} is the way in from the public
 * API: it implements {@code DurableEngine.Factory}, {@code DurableWorker.Factory}, {@code
 * DurableStore.Migrator}, {@code Parallel.Runner}, {@code Retry.Runner} and {@code
 * spi.RunReplays.Factory}, is registered under {@code META-INF/services} and found with {@code
 * ServiceLoader}, holds the process's one {@code wake.ProcessWakeups}, and hands the builders'
 * {@code EngineConfig} to {@code Engines}, which opens the {@code store.Stores} and builds an engine
 * with constructors (each part once, handed the stores and parts it calls), and their {@code
 * WorkerConfig} to {@code worker.Workers}. {@link DefaultEngine} is the engine behind {@code
 * DurableEngine}; {@code WorkflowRunsImpl} and {@code RunHandleImpl} are what generated clients and
 * handles delegate to, through {@code ClientCalls}. The way in for the test kit ({@code
 * durable-test}) is {@link TestHooks}, with the interfaces it implements ({@code
 * common.AttemptGate}, {@code time.ManualClock}). What every room of the engine shares is in
 * {@code common}; the rooms by concern are beside this package ({@code run}, {@code turn}, {@code
 * wake}, {@code flow}, ...); docs/internals.md, "The map", lists them.
 */
package dev.durable.runtime.internal.engine;
