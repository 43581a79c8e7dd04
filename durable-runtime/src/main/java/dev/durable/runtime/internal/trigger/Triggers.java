package dev.durable.runtime.internal.trigger;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.TriggerDefinition;
import dev.durable.runtime.TriggerInfo;
import dev.durable.runtime.internal.observe.Observer;
import dev.durable.runtime.internal.store.flow.QueueAdmissions;
import dev.durable.runtime.trigger.Trigger;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An engine's triggers: checked when the engine is built, started when it starts (after its
 * polling is up, so that the runs they store are taken at once), stopped first when it closes
 * (while the store is open, so that the message in hand is stored and acknowledged), last started
 * first stopped.
 */
public final class Triggers {
  private static final Logger LOG = LoggerFactory.getLogger(Triggers.class);

  private final List<Trigger> triggers;
  private final QueueAdmissions queues;
  private final Observer observer;
  /** The triggers started, in order. */
  private final List<Trigger> started = new CopyOnWriteArrayList<>();
  /** Whether {@link #start} ran: it runs once. */
  private final AtomicBoolean starting = new AtomicBoolean();

  private Triggers(List<Trigger> triggers, QueueAdmissions queues, Observer observer) {
    this.triggers = triggers;
    this.queues = queues;
    this.observer = observer;
  }

  /**
   * The triggers {@code definitions} names, checked.
   *
   * @throws IllegalArgumentException if one is not a {@link Trigger}, or two have one name
   */
  public static Triggers of(List<TriggerDefinition> definitions, QueueAdmissions queues,
      Observer observer) {
    List<Trigger> triggers = new ArrayList<>();
    Set<String> names = new HashSet<>();
    for (TriggerDefinition definition : definitions) {
      if (!(definition instanceof Trigger trigger)) {
        throw new IllegalArgumentException("a trigger must implement "
            + Trigger.class.getName() + ", but " + definition.getClass().getName() + " does not;"
            + " register the trigger a broker module's builder makes (NatsTrigger.builder(...))");
      }
      if (!names.add(trigger.name())) {
        throw new IllegalArgumentException("two triggers are named '" + trigger.name() + "'; give"
            + " each trigger of an engine a name of its own (its metrics and logs are tagged with"
            + " it)");
      }
      triggers.add(trigger);
    }
    return new Triggers(List.copyOf(triggers), queues, observer);
  }

  /**
   * Starts every trigger, once, with {@code engine}'s context; a trigger that fails to start stops
   * the ones started before it, and the failure is thrown, naming it.
   */
  public void start(DurableEngine engine) {
    if (!starting.compareAndSet(false, true)) {
      return;
    }
    EngineTriggerContext context = new EngineTriggerContext(engine, queues);
    for (Trigger trigger : triggers) {
      try {
        trigger.start(context);
      } catch (RuntimeException e) {
        close();
        throw new IllegalStateException("trigger '" + trigger.name() + "' failed to start: "
            + e.getMessage(), e);
      }
      started.add(trigger);
      observer.triggerStats(trigger.name(), trigger::stats);
      LOG.info("trigger {} started", trigger.name());
    }
  }

  /** What each trigger did so far, in the order registered. */
  public List<TriggerInfo> infos() {
    return triggers.stream().map(Trigger::stats).toList();
  }

  /** Stops the triggers started, last first; a trigger that fails to stop is logged and passed. */
  public void close() {
    List<Trigger> stopping = new ArrayList<>(started);
    for (int i = stopping.size() - 1; i >= 0; i--) {
      Trigger trigger = stopping.get(i);
      started.remove(trigger);
      try {
        trigger.close();
      } catch (RuntimeException e) {
        LOG.warn("trigger {} failed to stop: {}", trigger.name(), e.toString());
      }
    }
  }
}
