/**
 * The sign-up sample: a per-attempt timeout whose cancellation aborts a hung request, a {@code
 * nonRetryable} exception, a requeue after the cause is fixed, and an idempotent start with a
 * business key. Copy this package to start a workflow that talks to unreliable services.
 *
 * <p>Run it from the repository root: {@code mvn -q package -DskipTests -Psample -Dsample=signup}.
 */
package dev.durable.samples.signup;
