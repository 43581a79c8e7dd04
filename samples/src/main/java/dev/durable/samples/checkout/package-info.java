/**
 * The checkout sample: a workflow with a retried call to a flaky service, a payment step whose
 * declined card is a non-retryable {@code FatalError} that an {@code @OnError} route turns into a
 * result, a durable timer, and a shipping step whose failure for good refunds the charge (a
 * compensation). Copy this package to start a workflow of your own.
 *
 * <p>Run it from the repository root: {@code mvn -q package -DskipTests -Psample -Dsample=checkout}.
 */
package dev.durable.samples.checkout;
