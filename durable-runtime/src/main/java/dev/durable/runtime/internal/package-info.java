/**
 * <b>Internal: not part of Durable's API.</b> The engine ({@code internal.engine}) and the storage
 * ({@code internal.store}) that {@link dev.durable.runtime.DurableEngine} and {@link
 * dev.durable.runtime.DurableWorker} are built on. Nothing here is covered by compatibility
 * promises: applications and tests use {@code dev.durable.runtime}, the generated classes, and
 * {@code dev.durable.runtime.testing}.
 */
package dev.durable.runtime.internal;
