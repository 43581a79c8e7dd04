/**
 * <b>Internal: not part of Durable's API.</b> Its classes may change or go in any release; use
 * {@code dev.durable.runtime.trigger} instead.
 *
 * <p>The engine's side of triggers: {@link Triggers} checks the triggers an engine was given,
 * starts them once the engine polls and stops them first when it closes, and hands each a {@link
 * EngineTriggerContext} (the engine, a queue's depth from {@code store.flow.QueueAdmissions}) and
 * its counts to the metrics ({@code observe.Observer#triggerStats}). No broker is named here.
 */
package dev.durable.runtime.internal.trigger;
