package dev.durable.runtime.trigger;

import dev.durable.runtime.TriggerDefinition;
import dev.durable.runtime.TriggerInfo;

/**
 * A consumer of a broker's messages that starts one run per message: what a broker module
 * implements, and {@code DurableEngine.builder().trigger(...)} registers. The engine calls {@link
 * #start} once its own polling is up ({@code engine.start()}), and {@link #close} first when it
 * closes, while its store is still open.
 *
 * <p>The rules every trigger keeps (docs/guide/20-starting-runs-from-messages.md): a message's run
 * id is derived from the message's identity in the broker, so that a redelivery finds the run its
 * first delivery started ({@link dev.durable.runtime.RunHandle#created()} false: a duplicate); a
 * message is acknowledged only once its run is stored; one that can never start a run goes to a
 * dead-letter destination, or is set aside, with its reason; one whose start failed for an outage
 * comes again later; and while a queue the trigger feeds holds more than its bound of waiting
 * runs, the trigger takes no more messages.
 */
public interface Trigger extends TriggerDefinition, AutoCloseable {

  /** The trigger's name, unique among an engine's triggers: its logs' and metrics' tag. */
  String name();

  /**
   * Starts consuming on threads of the trigger's own and returns at once; the engine calls it once.
   *
   * @throws RuntimeException if the broker refuses it (no such stream, say): the engine's start
   *     fails with it, saying which trigger
   */
  void start(TriggerContext context);

  /** What the trigger has done so far; safe to call from any thread at any time. */
  TriggerInfo stats();

  /**
   * Stops taking messages, lets the message in hand finish (its run stored and the message
   * acknowledged, or handed back to the broker), and returns; idempotent. The broker keeps what was
   * not taken for the next consumer.
   */
  @Override
  void close();
}
