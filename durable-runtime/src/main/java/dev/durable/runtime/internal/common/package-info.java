/**
 * <b>Internal: not part of Durable's API.</b> Its classes may change or go in any release; use
 * {@code dev.durable.runtime} and the generated classes instead.
 *
 * <p>What every room of the engine shares, and names nothing above it but the model and the
 * store's kernel: {@link Errors} (exceptions as stored {@code RunError}s), {@link Registry} (the
 * registered workflows by name and version, which {@link Versions} orders), {@link Hooks} (the
 * users' hooks, their exceptions logged), {@link RunLog} and {@link RunMdc} (the lifecycle log
 * lines and the MDC keys), and {@link InjectedFaults}, through which the faults a test injects
 * ({@link AttemptGate}) reach every attempt.
 */
package dev.durable.runtime.internal.common;
