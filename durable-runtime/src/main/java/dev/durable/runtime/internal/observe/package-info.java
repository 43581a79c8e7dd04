/**
 * Metrics and tracing, each optional: {@link dev.durable.runtime.internal.observe.Observer} is what
 * the engine and workers call, with no Micrometer or OpenTelemetry type in sight, and {@link
 * dev.durable.runtime.internal.observe.Observers} builds it. Only {@code MicrometerObserver} and
 * {@code OtelObserver} name those libraries' types, and they are loaded only when a user configured
 * a meter registry or an OpenTelemetry instance: without either library on the class path the
 * engine runs as it always did.
 */
package dev.durable.runtime.internal.observe;
