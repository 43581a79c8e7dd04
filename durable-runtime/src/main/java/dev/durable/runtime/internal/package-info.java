/**
 * <b>Internal: not part of Durable's API.</b> The engine, the worker and the storage that {@link
 * dev.durable.runtime.DurableEngine} and {@link dev.durable.runtime.DurableWorker} are built on, in
 * a package per concern: the engine's composition root ({@code internal.engine}), its rooms ({@code
 * run}, {@code turn}, {@code wake}, {@code flow}, {@code values}, {@code lineage}, {@code signal},
 * {@code schedule}, {@code ops}, {@code worker}, {@code observe}), the row records ({@code model})
 * and the storage ({@code internal.store} and the packages under it); docs/internals.md, "The map",
 * says what each owns. Nothing here is covered by compatibility promises: applications and tests
 * use {@code dev.durable.runtime}, the generated classes, and {@code dev.durable.runtime.testing}.
 */
package dev.durable.runtime.internal;
