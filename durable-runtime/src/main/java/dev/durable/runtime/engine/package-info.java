/**
 * The engine and the worker: claiming due runs, executing turns ({@code TurnImpl}), retries and
 * durable backoff, timers, leases, serving dispatched tasks, and the background poll engines and
 * workers share ({@code PollLoop}). Only {@link dev.durable.runtime.engine.Engines}, {@link
 * dev.durable.runtime.engine.EngineConfig} and {@link dev.durable.runtime.engine.Workers} are
 * public, for the builders; the rest is package-private.
 */
package dev.durable.runtime.engine;
