/**
 * Helpers for testing workflows fast: {@link dev.durable.runtime.testing.TestClock} passes timers
 * and backoff in milliseconds; {@link dev.durable.runtime.testing.StepFaults} makes a step's next
 * attempt throw; {@link dev.durable.runtime.testing.WorkflowReplayer} replays runs exported from
 * production against the current code, the check to run before a deploy. The test kit,
 * {@code dev.durable:durable-test}, puts them together in a JUnit 5 extension.
 */
package dev.durable.runtime.testing;
