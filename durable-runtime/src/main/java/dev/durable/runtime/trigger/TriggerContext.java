package dev.durable.runtime.trigger;

import dev.durable.runtime.DurableEngine;

/** What the engine hands a {@link Trigger} when it starts it. */
public interface TriggerContext {

  /** The engine the trigger starts runs on: what a {@link RunStart} carries to the user's code. */
  DurableEngine engine();

  /**
   * How many runs of queue {@code queue} are {@link dev.durable.runtime.RunState#ENQUEUED} now,
   * across every engine sharing the store: waiting for admission or for their delay. A trigger
   * reads it before it takes more messages, and takes none while it is at its bound. One short
   * read of the store (an index range): read it per batch, not per message.
   *
   * @throws dev.durable.runtime.StoreException if the store cannot be read
   */
  long queueDepth(String queue);
}
