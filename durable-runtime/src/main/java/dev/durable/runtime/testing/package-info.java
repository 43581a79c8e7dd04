/**
 * Helpers for testing workflows fast: {@link dev.durable.runtime.testing.TestClock} passes timers
 * and backoff in milliseconds.
 */
package dev.durable.runtime.testing;
