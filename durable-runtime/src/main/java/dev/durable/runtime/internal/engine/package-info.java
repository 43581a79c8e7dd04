/**
 * <b>Internal: not part of Durable's API.</b> Its classes may change or go in any release; use
 * {@code dev.durable.runtime} and the generated classes instead.
 *
 * <p>The engine's composition root and its ways in. {@link Factories} is the way in from the public
 * API: it implements {@code DurableEngine.Factory}, {@code DurableWorker.Factory}, {@code
 * DurableStore.Migrator}, {@code Parallel.Runner}, {@code Retry.Runner} and {@code
 * spi.RunReplays.Factory}, is registered under {@code META-INF/services} and found with {@code
 * ServiceLoader}, and hands the builders' {@code EngineConfig} to {@code Engines}, which builds an
 * engine with constructors (each part once, handed the parts it calls), and their {@code
 * WorkerConfig} to {@code worker.Workers}. {@link DefaultEngine} is the engine behind {@code
 * DurableEngine}; {@code WorkflowRunsImpl} and {@code RunHandleImpl} are what generated clients and
 * handles delegate to; {@link Registry} holds the registered workflows by name and version ({@link
 * Versions} orders them). Besides: {@link Errors} (exceptions as stored {@code RunError}s), {@link
 * Hooks} (the users' hooks, their exceptions logged), {@link RunLog} and {@link RunMdc} (the
 * lifecycle log lines and the MDC keys), {@link DataSources}, {@link DatabaseKey} and {@code
 * JdbcUrls} (the connection pool, which database a part opened, URLs as they may be shown). The way
 * in for the test kit ({@code durable-test}) is {@link TestHooks}, with the interfaces it
 * implements ({@link AttemptGate}, {@link ManualClock}): faults reach every attempt through the
 * engine's or worker's {@link InjectedFaults}. The rooms by concern are beside this package ({@code
 * run}, {@code turn}, {@code wake}, {@code flow}, ...); docs/internals.md, "The map", lists them.
 */
package dev.durable.runtime.internal.engine;
