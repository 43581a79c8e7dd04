/**
 * <b>Internal: not part of Durable's API.</b> Its classes may change or go in any release; use
 * {@code dev.durable.runtime} and the generated classes instead.
 *
 * <p>Metrics and tracing, each optional: {@link Observer} is what the engine and workers call,
 * with no Micrometer or OpenTelemetry type in sight, and {@link Observers} builds it. Only {@code
 * MicrometerObserver} (with {@code QueueMeters}, the queues' gauges and counters) and {@code
 * OtelObserver} name those libraries' types, and they are loaded only when a user configured a
 * meter registry or an OpenTelemetry instance: without either library on the class path the engine
 * runs as it always did.
 */
package dev.durable.runtime.internal.observe;
