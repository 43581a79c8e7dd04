package dev.durable.runtime;

/**
 * A trigger as {@link DurableEngine.Builder#trigger} takes it: what starts runs from a broker's
 * messages, made by a broker module's builder (durable-nats' {@code NatsTrigger.builder(...)}),
 * which implements this through {@code dev.durable.runtime.trigger.Trigger}, the interface the
 * engine starts and stops it by. Declared here so that the API names nothing of the trigger
 * package, which builds on it (docs/internals.md, "The public packages"); implement it only
 * through {@code Trigger}.
 */
public interface TriggerDefinition {}
