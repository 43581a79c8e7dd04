package dev.durable.runtime;

/**
 * A workflow as {@link DurableEngine.Builder#register} takes it: an instance of the workflow's
 * generated {@code <Name>Durable} class ({@code new CheckoutWorkflowDurable(pricing)}), which
 * implements this through {@code dev.durable.runtime.spi.DurableWorkflow}, the interface the engine
 * runs it by. Declared here so that the API names nothing of the spi, which builds on it
 * (docs/internals.md, "The public packages"); implement it only through a generated class.
 */
public interface WorkflowDefinition {}
