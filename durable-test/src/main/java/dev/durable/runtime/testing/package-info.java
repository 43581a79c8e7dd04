/**
 * Helpers for testing workflows fast: {@link dev.durable.runtime.testing.TestClock} passes timers
 * and backoff in milliseconds; {@link dev.durable.runtime.testing.StepFaults} makes a step's next
 * attempt throw; {@link dev.durable.runtime.testing.WorkflowReplayer} replays runs exported from
 * production against the current code, the check to run before a deploy. They live in the test
 * kit, {@code dev.durable:durable-test}, which also puts them together in a JUnit 5 extension
 * ({@code dev.durable.test}).
 *
 * <p>The package keeps the name it had when these classes were part of {@code durable-runtime}, so
 * that tests' imports stay as they are. What the engine offers tests alone it reaches through
 * the runtime's internal seam, {@code dev.durable.runtime.internal.engine} ({@code TestHooks},
 * {@code AttemptGate}, {@code ManualClock}), not through the public builders, and replays
 * through {@code dev.durable.runtime.spi.RunReplays}; the kit and the runtime are released
 * together. It is in {@code durable-test} alone, not split across jars, and neither jar has a
 * {@code module-info} that would have to export it.
 */
package dev.durable.runtime.testing;
