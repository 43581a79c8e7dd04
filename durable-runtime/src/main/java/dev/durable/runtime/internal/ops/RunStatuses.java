package dev.durable.runtime.internal.ops;

import dev.durable.runtime.ForkPoint;
import dev.durable.runtime.RunInfo;
import dev.durable.runtime.RunState;
import dev.durable.runtime.RunStatus;
import dev.durable.runtime.StepInfo;
import dev.durable.runtime.StepState;
import dev.durable.runtime.codec.StoredForm;
import dev.durable.runtime.internal.model.CheckpointRecord;
import dev.durable.runtime.internal.model.RunRecord;
import dev.durable.runtime.internal.model.RunSnapshot;
import dev.durable.runtime.internal.run.InFlight;
import dev.durable.runtime.internal.store.RunStore;
import dev.durable.runtime.internal.store.schedule.StoredSchedules;
import dev.durable.runtime.internal.store.values.StoredAttributes;
import dev.durable.runtime.internal.turn.Compensations;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Snapshots of runs for the status API: the stored run and its steps, with the attempts in flight
 * here shown as running, and the runs it started as children.
 */
public final class RunStatuses {
  private final RunStore store;
  private final StoredAttributes attributes;
  private final StoredSchedules schedules;
  private final InFlight inFlight;
  private final StoredForm form;

  /** @param form how payloads are stored: they are shown decoded where its codec can */
  public RunStatuses(RunStore store, StoredAttributes attributes, StoredSchedules schedules,
      InFlight inFlight, StoredForm form) {
    this.form = form;
    this.store = store;
    this.attributes = attributes;
    this.schedules = schedules;
    this.inFlight = inFlight;
  }

  /** The run's status, or empty if no such run is stored. */
  public Optional<RunStatus> of(String runId) {
    return store.snapshot(runId).map(this::status);
  }

  private RunStatus status(RunSnapshot snapshot) {
    RunRecord run = snapshot.run();
    List<StepInfo> steps = new ArrayList<>();
    for (CheckpointRecord checkpoint : snapshot.checkpoints()) {
      if (checkpoint.kind().isStep()) {
        steps.add(new StepInfo(
            checkpoint.seq(),
            checkpoint.name(),
            checkpoint.status(),
            checkpoint.attempts(),
            checkpoint.error() == null ? null : checkpoint.error().message(),
            checkpoint.status() == StepState.RETRYING ? checkpoint.wakeAt() : null,
            form.shown(checkpoint.input()),
            checkpoint.status() == StepState.COMPLETED ? form.shown(checkpoint.output()) : null));
      }
    }
    List<InFlight.Attempt> running =
        inFlight.get(run.runId()).map(InFlight.Run::attempts).orElse(List.of());
    for (InFlight.Attempt attempt : running) {
      int at = -1;
      for (int i = 0; i < steps.size(); i++) {
        if (steps.get(i).position() == attempt.seq()) {
          at = i;
        }
      }
      if (at >= 0) {
        StepInfo previous = steps.get(at);
        steps.set(at, new StepInfo(previous.position(), previous.name(), StepState.RUNNING,
            attempt.attempt(), previous.error(), null, previous.input(), null));
      } else {
        steps.add(new StepInfo(
            attempt.seq(), attempt.stepName(), StepState.RUNNING, attempt.attempt(), null, null));
      }
    }
    List<RunRecord> childRuns = store.children(run.runId());
    Map<String, Map<String, String>> childAttributes = childRuns.isEmpty() ? Map.of()
        : attributes.ofRuns(childRuns.stream().map(RunRecord::runId).toList());
    List<RunInfo> children = childRuns.stream() // a child is started by its parent alone
        .map(child -> info(child, Optional.empty(),
            childAttributes.getOrDefault(child.runId(), Map.of())))
        .toList();
    return new RunStatus(info(run, schedules.firedFor(run.runId()),
        attributes.of(run.runId())), steps, children,
        Compensations.status(snapshot.checkpoints()), form.shown(run.input()),
        run.status() == RunState.COMPLETED ? form.shown(run.output()) : null);
  }

  /**
   * What the status API shows of a stored run.
   *
   * @param scheduledAt the fire time it serves, if a {@code @Schedule} started it
   * @param attributes its attributes
   */
  public static RunInfo info(
      RunRecord run, Optional<Instant> scheduledAt, Map<String, String> attributes) {
    String forkedFrom = run.lineage().forkedFrom();
    return RunInfo.builder(run.runId(), run.workflow().name(), run.workflow().version(),
            run.status())
        .wakeAt(run.status() == RunState.SLEEPING || run.status() == RunState.ENQUEUED
            ? run.wakeAt() : null)
        .createdAt(run.createdAt())
        .updatedAt(run.updatedAt())
        .error(run.error())
        .owner(run.status() == RunState.RUNNING ? run.leaseOwner() : null)
        .scheduledAt(scheduledAt.orElse(null))
        .parentId(run.parentRunId())
        .queue(run.queue(), run.priority())
        .partitionKey(run.partitionKey())
        .attributes(attributes)
        .generation(run.lineage().generation())
        .forkedFrom(forkedFrom == null ? null : new ForkPoint(forkedFrom, run.lineage().forkedAt()))
        .build();
  }
}
