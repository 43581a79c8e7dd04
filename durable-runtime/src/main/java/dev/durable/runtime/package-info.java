/**
 * The public API of the Durable runtime: {@link dev.durable.runtime.DurableEngine} and its builder,
 * the contexts a workflow and its steps receive, {@link dev.durable.runtime.RunHandle}, run and
 * step status, hooks, and the errors a user throws ({@link dev.durable.runtime.FatalError}) or
 * catches.
 */
package dev.durable.runtime;
