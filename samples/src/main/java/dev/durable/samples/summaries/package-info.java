/**
 * The summaries sample: runs that call a rate-limited model, started through a run queue with
 * one partition key per tenant, so that a busy tenant neither exceeds the provider's limits nor
 * starves the others. Copy this package to put a queue in front of an LLM or any API that allows
 * so many calls at once and so many a minute.
 *
 * <p>Run it from the repository root: {@code mvn -q package -DskipTests -Psample
 * -Dsample=summaries}.
 */
package dev.durable.samples.summaries;
