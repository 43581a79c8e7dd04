/**
 * What a broker module implements to start runs from messages, and what it shares with the
 * others: {@link dev.durable.runtime.trigger.Trigger}, which {@code DurableEngine.builder()
 * .trigger(...)} registers and the engine starts and stops; the {@link
 * dev.durable.runtime.trigger.TriggerContext} the engine hands it (the engine, a queue's depth for
 * back-pressure); the user's two functions, {@link dev.durable.runtime.trigger.MessageDecoder}
 * (bytes to the run's input) and {@link dev.durable.runtime.trigger.RunStarter} (the input to the
 * generated client's start, with the {@link dev.durable.runtime.trigger.RunStart} the trigger
 * derived from the message); how every trigger sorts a start's outcome ({@link
 * dev.durable.runtime.trigger.StartOutcome}) and counts it ({@link
 * dev.durable.runtime.trigger.TriggerCounters}, read as {@link
 * dev.durable.runtime.TriggerInfo}); and what is the same logic in every broker, written once: the
 * base of every broker's builder, {@link dev.durable.runtime.trigger.TriggerBuilder} (the settings
 * every trigger has, their defaults and checks, {@link dev.durable.runtime.trigger.TriggerChecks}),
 * which hands its module one {@link dev.durable.runtime.trigger.TriggerSettings}; {@link
 * dev.durable.runtime.trigger.MessageStarts}, which decodes one message and starts its run; and
 * {@link dev.durable.runtime.trigger.TriggerLoop}, which starts a module's consuming loop once and
 * stops it on close.
 *
 * <p>The core knows no broker: each broker is a module of its own (durable-nats). This package
 * builds on the API, {@code dev.durable.runtime}, which names nothing here: the builder takes a
 * {@code TriggerDefinition}, which {@code Trigger} extends (docs/internals.md, "The public
 * packages").
 */
package dev.durable.runtime.trigger;
