/**
 * The engine: claiming due runs, executing turns ({@code TurnImpl}), retries and durable backoff,
 * timers, leases and the background poll. Only {@link dev.durable.runtime.engine.Engines} and
 * {@link dev.durable.runtime.engine.EngineConfig} are public, for the builder; the rest is
 * package-private.
 */
package dev.durable.runtime.engine;
