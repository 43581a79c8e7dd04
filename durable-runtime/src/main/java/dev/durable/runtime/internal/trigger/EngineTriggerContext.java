package dev.durable.runtime.internal.trigger;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.internal.store.flow.QueueAdmissions;
import dev.durable.runtime.trigger.TriggerContext;
import java.util.Objects;

/** What an engine hands each of its triggers: itself, and its queues' depths. */
final class EngineTriggerContext implements TriggerContext {
  private final DurableEngine engine;
  private final QueueAdmissions queues;

  EngineTriggerContext(DurableEngine engine, QueueAdmissions queues) {
    this.engine = engine;
    this.queues = queues;
  }

  @Override
  public DurableEngine engine() {
    return engine;
  }

  @Override
  public long queueDepth(String queue) {
    return queues.depth(Objects.requireNonNull(queue, "queue"));
  }
}
