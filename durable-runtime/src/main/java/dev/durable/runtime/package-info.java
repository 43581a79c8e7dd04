/**
 * The public API of the Durable runtime: {@link dev.durable.runtime.DurableEngine} and its builder,
 * the contexts a workflow and its steps receive, {@link dev.durable.runtime.RunHandle}, run and
 * step status, hooks, and the errors a user throws ({@link dev.durable.runtime.FatalError}) or
 * catches. The builders collect an immutable {@link dev.durable.runtime.EngineConfig} or {@link
 * dev.durable.runtime.WorkerConfig}, which the engine's factory, found with {@code ServiceLoader},
 * consumes: nothing here names a class of {@code dev.durable.runtime.internal}.
 */
package dev.durable.runtime;
