package dev.durable.runtime.internal.lineage;

import dev.durable.runtime.StepState;
import dev.durable.runtime.internal.common.Errors;
import dev.durable.runtime.internal.common.Registry;
import dev.durable.runtime.internal.model.CheckpointKind;
import dev.durable.runtime.internal.model.CheckpointRecord;
import dev.durable.runtime.internal.model.EventType;
import dev.durable.runtime.internal.model.NewRun;
import dev.durable.runtime.internal.model.QueuePlace;
import dev.durable.runtime.internal.model.RunRecord;
import dev.durable.runtime.internal.model.RunSnapshot;
import dev.durable.runtime.internal.run.RunStarts;
import dev.durable.runtime.internal.run.Scheduler;
import dev.durable.runtime.internal.store.RunStore;
import dev.durable.runtime.internal.store.lineage.RunLineages;
import dev.durable.runtime.internal.store.values.StoredAttributes;
import dev.durable.runtime.internal.time.Time;
import dev.durable.runtime.internal.wake.EngineWakeups;
import dev.durable.runtime.spi.WorkflowType;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * {@code engine.fork(runId, position)}: a new run of the same workflow, version and input, with
 * what the run recorded below the position copied (its checkpoints, so that a turn replays them;
 * the events it set, the values it wrote to its streams and the attributes it recorded there, which
 * a replay does not write again; the attributes its start gave), and runs the later positions with
 * the code deployed now.
 *
 * <p>The fork carries the step-graph fingerprint of the class registered with the engine that
 * forks it (none when it has none registered, as the CLI may not): the code deployed now is what
 * runs its later positions, so the run's own fingerprint, which the whole of its old graph made,
 * is not checked against it. The replayed part is still matched position by position, by kind,
 * name and arguments, as any replay is: a fork whose replayed calls the code no longer makes fails
 * with {@code non_determinism}.
 *
 * <p>A fork of a run started through a queue goes through that queue, with the run's priority and
 * partition key: it is {@code ENQUEUED} until the queue admits it, within the queue's limits, as
 * any start there. It holds no deduplication id: the run it copies may still hold its own, and a
 * fork is an operator's deliberate second run, not a caller's repeated start.
 */
public final class RunForks {
  private final RunStore store;
  private final RunLineages lineages;
  private final Time time;
  private final Registry registry;
  private final EngineWakeups wakeups;
  private final Scheduler scheduler;

  public RunForks(
      RunStore store, RunLineages lineages, Time time, Registry registry, EngineWakeups wakeups,
      Scheduler scheduler) {
    this.store = store;
    this.lineages = lineages;
    this.time = time;
    this.registry = registry;
    this.wakeups = wakeups;
    this.scheduler = scheduler;
  }

  /**
   * Stores the fork, due now for any engine (or queued in the run's queue) and wakes the poll;
   * returns its id.
   */
  public String fork(String runId, int position) {
    if (runId != null && runId.length() > RunStarts.MAX_RUN_ID_LENGTH) {
      throw Errors.unknownRun(runId); // no run could be stored with it
    }
    RunSnapshot source = store.snapshot(runId).orElseThrow(() -> Errors.unknownRun(runId));
    requireForkable(source, position);
    RunRecord run = source.run();
    Instant now = time.now();
    Optional<WorkflowType<?>> type =
        registry.find(run.workflow()).map(workflow -> workflow.workflowType());
    Instant deadlineAt = type.isPresent()
        ? type.get().timeout().map(now::plus).orElse(null)
        : run.deadlineAt() == null ? null // as long as the first generation's
            : now.plus(Duration.between(run.createdAt(), run.deadlineAt()));
    String from = "run " + runId + " at position " + position;
    QueuePlace place = run.queue() == null ? null
        : new QueuePlace(run.queue(), run.priority(), run.partitionKey(), null, null);
    NewRun fork = new NewRun(UUID.randomUUID().toString(), run.workflow(), run.input(), now, null,
        null, deadlineAt, null, type.flatMap(WorkflowType::fingerprint).orElse(null),
        List.of(EventType.RUN_CREATED.run(run.workflow() + ", a fork of " + from
                + (place == null ? "" : ", queued in " + place.queue()), now),
            EventType.RUN_FORKED.run("from " + from + " (generation "
                + run.lineage().generation() + ")", now)),
        null, place);
    if (!lineages.fork(fork, runId, position, replayedAttributes(source, position))) {
      throw new IllegalStateException("fork id " + fork.runId() + " is taken; fork again");
    }
    if (place != null) {
      scheduler.runQueued(place.queue(), null);
    } else {
      wakeups.runDue(now);
    }
    return fork.runId();
  }

  /**
   * The attributes the run's {@code ctx.attribute} calls below {@code position} recorded, each key
   * with the last value recorded for it.
   */
  private static Map<String, String> replayedAttributes(RunSnapshot source, int position) {
    Map<String, String> attributes = new LinkedHashMap<>();
    source.checkpoints().stream()
        .filter(checkpoint -> checkpoint.seq() < position
            && checkpoint.kind() == CheckpointKind.VALUE
            && checkpoint.name().equals(StoredAttributes.CHECKPOINT))
        .sorted(Comparator.comparingInt(CheckpointRecord::seq))
        .forEach(checkpoint -> StoredAttributes.decode(checkpoint.output())
            .ifPresent(attribute -> attributes.put(attribute.getKey(), attribute.getValue())));
    return attributes;
  }

  /**
   * Refuses a position outside 0 to the count of the run's checkpoints, or past one that has not
   * ended (a step retrying, a timer running, a wait): a fork replays ended calls only.
   */
  private static void requireForkable(RunSnapshot source, int position) {
    String runId = source.run().runId();
    List<CheckpointRecord> checkpoints = source.checkpoints();
    if (position < 0 || position > checkpoints.size()) {
      throw new IllegalArgumentException("cannot fork run " + runId + " at position " + position
          + ": it recorded " + checkpoints.size() + " position(s), so a fork starts from a"
          + " position from 0 (nothing replayed) to " + checkpoints.size() + " (all replayed);"
          + " nothing was stored");
    }
    for (CheckpointRecord checkpoint : checkpoints) {
      if (checkpoint.seq() < position && checkpoint.status() != StepState.COMPLETED
          && checkpoint.status() != StepState.FAILED) {
        throw new IllegalArgumentException("cannot fork run " + runId + " at position " + position
            + ": its " + checkpoint.kind() + " '" + checkpoint.name() + "' at position "
            + checkpoint.seq() + " has not ended (" + checkpoint.status() + "); fork from position "
            + checkpoint.seq() + " at most, or once it has ended; nothing was stored");
      }
    }
  }
}
