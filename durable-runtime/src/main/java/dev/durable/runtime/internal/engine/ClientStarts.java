package dev.durable.runtime.internal.engine;

import dev.durable.runtime.StartOptions;
import dev.durable.runtime.internal.common.Registry;
import dev.durable.runtime.internal.model.ClaimedRun;
import dev.durable.runtime.internal.model.NewRun;
import dev.durable.runtime.internal.model.QueuePlace;
import dev.durable.runtime.internal.model.WorkflowKey;
import dev.durable.runtime.internal.run.RunStarts;
import dev.durable.runtime.internal.run.Scheduler;
import dev.durable.runtime.internal.time.Time;
import dev.durable.runtime.internal.wake.EngineWakeups;
import dev.durable.runtime.spi.WorkflowType;
import java.time.Instant;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The starts a generated client makes on this engine: the run stored, then executed here at once
 * when it is due and a slot is free, else handed to its queue's admission or to the wake-ups; and
 * whether the start stored the run or found it stored already ({@code RunHandle.created}).
 */
final class ClientStarts {
  private static final Logger LOG = LoggerFactory.getLogger(ClientStarts.class);

  private final String engineId;
  private final RunStarts starts;
  private final Registry registry;
  private final Scheduler scheduler;
  private final EngineWakeups wakeups;
  private final Time time;
  private final Set<WorkflowKey> warnedUnregistered = ConcurrentHashMap.newKeySet();

  ClientStarts(String engineId, RunStarts starts, Registry registry, Scheduler scheduler,
      EngineWakeups wakeups, Time time) {
    this.engineId = engineId;
    this.starts = starts;
    this.registry = registry;
    this.scheduler = scheduler;
    this.wakeups = wakeups;
    this.time = time;
  }

  /**
   * Starts a run with {@code input} of the client's workflow {@code client}, on the version
   * {@code options} name (else see {@link RunStarts#version}), through its queue, if any; a run
   * that waits for a queue or a delay is never executed here at once. Returns the run's id,
   * {@code runId} or the run a debounced start was folded into, and whether it stored anything.
   */
  ClientCalls.Started start(WorkflowType<?> client, String runId, StartOptions options,
      Object[] input) {
    RunStarts.requireStorableRunId(runId);
    String json = starts.encodeInput(client, input);
    WorkflowType<?> type = starts.version(client, options.version().orElse(null), json);
    WorkflowKey key = new WorkflowKey(type.name(), type.version());
    Instant now = time.now();
    QueuePlace place = RunStarts.place(type, options, now);
    boolean waits = place != null && place.waits();
    boolean local = !waits && registry.find(key).isPresent() && scheduler.tryReserve();
    NewRun run = starts.newRun(type, runId, json, local ? engineId : null, now, null, place)
        .withAttributes(options.attributes());
    String started; // null: a run with its id is stored already
    try { // a debounced start makes a new run or a new window: wake up for its end as for a new run
      started = options.debounce().isPresent() ? starts.insertDebounced(run)
          : starts.insert(run) ? runId : null;
    } catch (RuntimeException e) {
      if (local) {
        scheduler.release();
      }
      throw e;
    }
    if (started == null) {
      if (local) {
        scheduler.release();
      }
      return new ClientCalls.Started(runId, false);
    }
    if (local) {
      scheduler.submit(ClaimedRun.started(run.asStored()));
      return new ClientCalls.Started(started, true);
    }
    if (waits && place.queue() != null) {
      scheduler.runQueued(place.queue(), place.notBefore());
    } else {
      wakeups.runDue(waits ? place.notBefore() : now);
    }
    if (registry.find(key).isEmpty() && warnedUnregistered.add(key)) {
      LOG.warn("started a run of {}, which is not registered with this engine; it waits for an"
          + " engine that has it registered", key);
    }
    return new ClientCalls.Started(started, true);
  }
}
