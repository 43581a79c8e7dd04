package dev.durable.runtime;

/**
 * A step contract's durable view, as a fan or group of {@link Parallel} takes it: the generated
 * {@code <Name>Dispatch.durable()}, which holds only the contract's steps on the durable path
 * (those without {@code timeoutMs}) and implements this through {@code
 * dev.durable.runtime.spi.DurableSteps}. Declared here so that the API names nothing of the spi,
 * which builds on it (docs/internals.md, "The public packages").
 */
public interface DurableView {}
