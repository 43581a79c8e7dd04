package dev.durable.runtime;

/**
 * A step contract's typed implementation as {@link DurableWorker.Builder#serve} takes it: what the
 * contract's generated {@code <Name>Worker.of(implementation)} returns, which implements this
 * through {@code dev.durable.runtime.spi.StepBinding}, the interface the worker calls. Declared here
 * so that the API names nothing of the spi, which builds on it (docs/internals.md, "The public
 * packages"); implement it only through a generated class.
 */
public interface StepService {}
