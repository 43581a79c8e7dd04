/**
 * Helpers for testing workflows fast: {@link dev.durable.runtime.testing.TestClock} passes timers
 * and backoff in milliseconds; {@link dev.durable.runtime.testing.WorkflowReplayer} replays runs
 * exported from production against the current code, the check to run before a deploy.
 */
package dev.durable.runtime.testing;
