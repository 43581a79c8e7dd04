package dev.durable.runtime.internal.ops;

import dev.durable.runtime.HistoryEvent;
import dev.durable.runtime.RunError;
import dev.durable.runtime.RunExport;
import dev.durable.runtime.RunFilter;
import dev.durable.runtime.UnknownRunException;
import dev.durable.runtime.codec.StoredForm;
import dev.durable.runtime.internal.model.CheckpointKind;
import dev.durable.runtime.internal.model.CheckpointRecord;
import dev.durable.runtime.internal.model.ListedRun;
import dev.durable.runtime.internal.model.RunRecord;
import dev.durable.runtime.internal.model.RunSnapshot;
import dev.durable.runtime.internal.model.WorkflowKey;
import dev.durable.runtime.internal.store.RunStore;
import dev.durable.runtime.internal.time.Time;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * Runs as {@link RunExport} holds them: read from the store for {@code DurableEngine.export}, and
 * their checkpoints turned back into the records a turn replays ({@code Replays}). Each run and
 * its checkpoints are read in one statement ({@link RunStore#snapshot}), so that an export never
 * holds a step the run's row does not know of yet.
 */
public final class RunExports {
  private final RunStore store;
  private final Time time;

  private final StoredForm form;

  /**
   * @param form how payloads are stored: the export carries them so, and error messages and
   *     history details too, which the store gives decoded
   */
  public RunExports(RunStore store, Time time, StoredForm form) {
    this.form = form;
    this.store = store;
    this.time = time;
  }

  /**
   * The runs with these ids, in this order.
   *
   * @throws UnknownRunException if one is not stored
   */
  public RunExport of(Collection<String> runIds) {
    Instant now = time.now();
    List<RunExport.Run> runs = new ArrayList<>();
    for (String runId : runIds) {
      RunSnapshot snapshot = store.snapshot(runId).orElseThrow(() -> new UnknownRunException(
          "no run with id '" + runId + "' is stored in this engine's database; nothing was"
              + " exported"));
      runs.add(run(snapshot.run(), snapshot.checkpoints()));
    }
    return new RunExport(now, runs);
  }

  /** The runs {@code filter} matches, newest first; one deleted meanwhile is left out. */
  public RunExport of(RunFilter filter) {
    Instant now = time.now();
    List<RunExport.Run> runs = new ArrayList<>();
    for (ListedRun listed : store.listRuns(filter)) {
      store.snapshot(listed.run().runId())
          .ifPresent(snapshot -> runs.add(run(snapshot.run(), snapshot.checkpoints())));
    }
    return new RunExport(now, runs);
  }

  private RunExport.Run run(RunRecord run, List<CheckpointRecord> checkpoints) {
    return new RunExport.Run(
        run.runId(), run.workflow().name(), run.workflow().version(), run.status(),
        Optional.ofNullable(run.parentRunId()), Optional.ofNullable(run.fingerprint()),
        run.createdAt(), run.updatedAt(), run.input(), Optional.ofNullable(run.output()),
        Optional.ofNullable(run.error()).map(this::sealed),
        checkpoints.stream().map(this::exported).toList(),
        store.history(run.runId()).stream().map(event -> new HistoryEvent(event.id(),
            event.runId(), event.at(), event.type(), event.step(), event.attempt(),
            form.seal(event.detail()))).toList());
  }

  private RunError sealed(RunError error) {
    return new RunError(form.seal(error.message()), error.code(), error.type(), error.step());
  }

  private RunExport.Checkpoint exported(CheckpointRecord checkpoint) {
    return new RunExport.Checkpoint(
        checkpoint.seq(), checkpoint.kind().name(), checkpoint.name(), checkpoint.status(),
        checkpoint.attempts(), Optional.ofNullable(checkpoint.input()),
        Optional.ofNullable(checkpoint.output()), Optional.ofNullable(checkpoint.error())
            .map(this::sealed),
        Optional.ofNullable(checkpoint.wakeAt()), Optional.ofNullable(checkpoint.startedAt()),
        Optional.ofNullable(checkpoint.updatedAt()), Optional.ofNullable(checkpoint.groupSeq()));
  }

  /**
   * The exported run's checkpoints as a turn reads them.
   *
   * @throws IllegalArgumentException if a checkpoint has an unknown kind, or the positions are
   *     not 0, 1, 2... in order: the export was edited
   */
  public static List<CheckpointRecord> checkpoints(RunExport.Run run) {
    List<CheckpointRecord> checkpoints = new ArrayList<>();
    for (RunExport.Checkpoint checkpoint : run.checkpoints()) {
      if (checkpoint.position() != checkpoints.size()) {
        throw new IllegalArgumentException("run " + run.id() + " of the export has a checkpoint at"
            + " position " + checkpoint.position() + " where position " + checkpoints.size()
            + " was due: the positions must be 0, 1, 2... in order; export the run again");
      }
      checkpoints.add(new CheckpointRecord(
          run.id(), checkpoint.position(), kind(run, checkpoint), checkpoint.name(),
          checkpoint.status(), checkpoint.attempts(), checkpoint.input().orElse(null),
          checkpoint.output().orElse(null), checkpoint.error().orElse(null),
          checkpoint.wakeAt().orElse(null), checkpoint.startedAt().orElse(null),
          checkpoint.updatedAt().orElse(null), checkpoint.group().orElse(null)));
    }
    return checkpoints;
  }

  private static CheckpointKind kind(RunExport.Run run, RunExport.Checkpoint checkpoint) {
    try {
      return CheckpointKind.valueOf(checkpoint.kind());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("run " + run.id() + " of the export has a checkpoint of"
          + " kind '" + checkpoint.kind() + "' at position " + checkpoint.position() + "; the kinds"
          + " are " + List.of(CheckpointKind.values()), e);
    }
  }

  /** The exported run as the row a turn executes; without a run timeout, which a replay ignores. */
  public static RunRecord record(RunExport.Run run) {
    return new RunRecord(
        run.id(), new WorkflowKey(run.workflow(), run.version()), run.status(), run.input(),
        run.output().orElse(null), run.error().orElse(null), run.createdAt(), run.updatedAt(),
        null, null, null, null, 0, null, run.parentId().orElse(null),
        run.fingerprint().orElse(null), null);
  }
}
