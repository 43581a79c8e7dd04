/**
 * <b>Internal: not part of Durable's API.</b> Its classes may change or go in any release; use
 * {@code dev.durable.runtime} and the generated classes instead.
 *
 * <p>The engine and the worker: claiming due runs, executing turns, retries and durable backoff,
 * timers, leases, serving dispatched tasks, and the background poll engines and workers share
 * ({@code PollLoop}). Every wake-up (a run due, tasks queued, a slot freed) goes through {@code
 * Wakeups}: {@code EngineWakeups} routes an engine's to its {@code Timers}, {@code ClaimsAhead},
 * the engines and workers of the process ({@code ProcessWakeups}) and its poll, and hands tasks to
 * local workers ({@code EagerDispatch}, {@code HandBackTarget}); {@code WorkerWakeups} does a
 * worker's. A turn ({@code TurnImpl}, a facade) is made of pieces with one job each:
 * {@code ReplayLog}, {@code LocalAttempts}, {@code DispatchedSteps} (with {@code Deadlines}),
 * {@code Fans}, {@code Children} (child runs and the waits for them), {@code SignalWaits} (typed
 * signals), {@code RecordedValues} (what {@code ctx.now()}, {@code ctx.randomUUID()} and {@code
 * ctx.random()} record), {@code ProgressBuffer} and {@code TurnControl} (which also holds the one
 * way a turn suspends for an event from outside the run); every change to a step's state goes
 * through {@code StepTransitions}. {@code WorkflowBody} calls a turn's workflow code and its
 * failure handling ({@code @OnError}, {@code @OnFailure}); {@code RunStarts} stores new runs, for
 * callers and parents alike; {@code SignalSender} sends signals; {@code RunStatuses} answers the
 * status API. {@code Schedules} fires the schedules of the registered workflows at each poll and
 * tick ({@code CronSchedule} reads their cron expressions). {@code Retention} deletes ended runs;
 * {@code RunMdc} puts a run's keys in the SLF4J MDC and {@code RunLog} writes its lifecycle lines.
 * {@code RunExports} reads runs for {@code DurableEngine.export}; {@code Replays} replays them
 * against the current code with a turn that only replays ({@code Turns.replaying}). The way in
 * from the public API is {@code Factories}: it implements {@code DurableEngine.Factory}, {@code
 * DurableWorker.Factory}, {@code DurableStore.Migrator}, {@code Parallel.Runner} ({@code
 * BranchCalls}), {@code Retry.Runner} ({@code RetryOverrides}) and {@code spi.RunReplays.Factory},
 * is registered under {@code META-INF/services} and found with {@code ServiceLoader}, and hands the
 * builders' {@code EngineConfig} and {@code WorkerConfig} to {@code Engines} and {@code Workers}.
 * The way in for the test kit ({@code durable-test}) is {@code TestHooks}, with the interfaces it
 * implements ({@code AttemptGate}, {@code ManualClock}): faults reach every attempt through the
 * engine's or worker's {@code InjectedFaults}. The public packages name nothing here; the rest is
 * package-private.
 *
 * <p>{@code Engines} wires an engine with constructors: each class gets the collaborators it
 * calls, and a turn's pieces share one {@code TurnContext} ({@code Turns} makes the turns). A run
 * started by a client goes {@code DefaultEngine.startRun}, {@code RunStarts.insert}, {@code
 * StartWrites}, {@code Store.insertRuns}; a turn's progress goes {@code ProgressBuffer.write},
 * {@code ProgressWrites}, {@code Store.commit}; each writer puts the writes made at the same
 * moment in one commit ({@code GroupCommit}).
 * The scheduler claims due runs through {@code RunClaims} and renews their {@code Leases}.
 */
package dev.durable.runtime.internal.engine;
