package dev.durable.runtime.internal.store.turn;

import dev.durable.runtime.internal.model.Commit;
import dev.durable.runtime.internal.model.NewEvent;
import dev.durable.runtime.internal.model.RunChange;
import dev.durable.runtime.internal.model.TaskRecord;
import dev.durable.runtime.internal.model.TaskStatus;
import dev.durable.runtime.internal.model.WrittenProgress;
import dev.durable.runtime.internal.store.run.EventsTable;
import dev.durable.runtime.internal.store.run.RunsTable;
import dev.durable.runtime.internal.store.run.StepsTable;
import dev.durable.runtime.internal.store.signal.SignalsTable;
import dev.durable.runtime.internal.store.sql.Dialect;
import dev.durable.runtime.internal.store.sql.ProgressWrite;
import dev.durable.runtime.internal.store.sql.Transactions;
import dev.durable.runtime.internal.store.sql.TurnProgress;
import dev.durable.runtime.internal.store.sql.Values;
import dev.durable.runtime.internal.store.task.TasksTable;
import dev.durable.runtime.internal.store.values.AttributesTable;
import dev.durable.runtime.internal.store.values.RunValuesTable;
import dev.durable.runtime.internal.store.values.StoredAttributes;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Writes the progress of turns, each fenced by its run's epoch: one algorithm ({@link #writes}: the
 * run's fence, then its checkpoints and the signals they take, the attributes they record, its
 * events, its tasks, the tasks a failure gives up and the run it wakes, each a statement of its
 * table's catalogue, in a plain and a fenced form), which the dialect writes ({@link
 * Dialect#writeProgress}): on PostgreSQL in one text ({@code PostgresProgress}), on H2 as plain
 * statements in a transaction ({@link ProgressStatements}: the fences first, each statement as one
 * JDBC batch for every run whose fence held), which is also the way with a turn too large for one
 * text.
 */
public final class ProgressWriter {
  private final Transactions transactions;
  private final Dialect dialect;
  private final RunsTable runs;
  private final StepsTable steps;
  private final EventsTable events;
  private final TasksTable tasks;
  private final SignalsTable signals;
  private final AttributesTable attributes;
  private final RunValuesTable runValues;
  /** A turn beyond {@link Dialect#progressParameters}: in a transaction of its own. */
  private final ProgressStatements alone;

  public ProgressWriter(Transactions transactions, Dialect dialect, RunsTable runs,
      StepsTable steps, EventsTable events, TasksTable tasks, SignalsTable signals,
      AttributesTable attributes, RunValuesTable runValues) {
    this.transactions = transactions;
    this.dialect = dialect;
    this.runs = runs;
    this.steps = steps;
    this.events = events;
    this.tasks = tasks;
    this.signals = signals;
    this.attributes = attributes;
    this.runValues = runValues;
    this.alone = new ProgressStatements(runs, dialect.announcements());
  }

  /**
   * Writes the progress of {@code commits}; every turn's writes commit together. The batch is cut
   * into chunks that stay within the dialect's {@link Dialect#progressParameters}, each chunk one
   * commit (on PostgreSQL one round trip); a single turn too large for one (a fan of thousands of
   * dispatched steps) is written with plain statements in a transaction of its own, and the
   * workers are told of its tasks.
   *
   * @return for each commit, whether its fence held and it was written, and what the written ones
   *     made ready: the runs each found woken as it suspended them ({@code woken_at}: see {@link
   *     RunsTable#fence}), whether tasks were queued, the runs whose values changed
   */
  public WrittenProgress write(List<Commit> commits, Instant now) {
    List<TurnProgress> turns = turns(commits, now);
    long most = dialect.progressParameters();
    boolean[] written = new boolean[commits.size()];
    List<String> dueAtOnce = List.of();
    int from = 0;
    while (from < turns.size()) {
      int to = from;
      long parameters = 0;
      do {
        parameters += turns.get(to++).parameters();
      } while (to < turns.size() && parameters + turns.get(to).parameters() <= most);
      List<TurnProgress> chunk = turns.subList(from, to);
      String what = "record the progress of " + chunk.size() + " run(s)";
      boolean[] woken = new boolean[chunk.size()];
      boolean[] part = parameters <= most
          ? dialect.inOneCommit(what,
              connection -> dialect.writeProgress(connection, chunk, now, woken))
          : transactions.inTransaction(what,
              connection -> alone.write(connection, chunk, now, woken));
      System.arraycopy(part, 0, written, from, part.length);
      for (int i = 0; i < woken.length; i++) {
        if (woken[i]) {
          dueAtOnce = dueAtOnce.isEmpty() ? new ArrayList<>() : dueAtOnce;
          dueAtOnce.add(chunk.get(i).commit().fence().runId());
        }
      }
      from = to;
    }
    return madeReady(commits, written, dueAtOnce);
  }

  /**
   * What the written ones of {@code commits} made ready: tasks queued for any worker, and runs
   * whose values changed (values written, or the run ended). A loop, not streams: asked for every
   * batch of commits.
   */
  private static WrittenProgress madeReady(
      List<Commit> commits, boolean[] written, List<String> dueAtOnce) {
    boolean tasksQueued = false;
    List<String> valuesChanged = List.of();
    for (int i = 0; i < written.length; i++) {
      if (!written[i]) {
        continue;
      }
      Commit commit = commits.get(i);
      for (TaskRecord task : commit.tasks()) {
        tasksQueued |= task.status() == TaskStatus.QUEUED;
      }
      RunChange.Kind change = commit.change().kind();
      if (!commit.values().isEmpty()
          || change == RunChange.Kind.COMPLETED || change == RunChange.Kind.FAILED) {
        valuesChanged = valuesChanged.isEmpty() ? new ArrayList<>() : valuesChanged;
        valuesChanged.add(commit.fence().runId());
      }
    }
    return new WrittenProgress(written, dueAtOnce, tasksQueued, valuesChanged);
  }

  /** The writes of {@code commit} after its fence, in order: the algorithm of a commit. */
  private List<ProgressWrite> writes(Commit commit, Instant now) {
    String runId = commit.fence().runId();
    List<ProgressWrite> writes = new ArrayList<>();
    List<NewEvent> carried = new ArrayList<>();
    for (Commit.CheckpointWrite write : commit.checkpoints()) {
      if (write.insert()) {
        Values values = steps.insertValues(new Values(), write.record());
        if (write.carriesEvents()) {
          // in one text the checkpoint's row carries its events (the ids numbered for them)
          values.int8("startedEvent", carried.size() + 1);
          carried.addAll(write.carriedEvents());
        }
        writes.add(new ProgressWrite(steps.insert, write.carriesEvents()
            ? steps.insertFencedCarrying : steps.insertFenced, values, null));
      } else {
        writes.add(new ProgressWrite(steps.update, steps.updateFenced,
            steps.updateValues(new Values(), write.record()),
            "a checkpoint of run " + runId + " vanished while being updated"));
      }
      if (write.takesSignal() != 0) {
        writes.add(new ProgressWrite(signals.take, signals.takeFenced,
            SignalsTable.takeValues(new Values(), write), "signal " + write.takesSignal()
                + " of run " + runId + " was taken already, or is gone"));
      }
    }
    attributes(commit).forEach((key, value) -> {
      // a key recorded again replaces its value, not its start value: as plain statements an
      // update, then an insert where the key is new (the batches keep that order); in one text
      // an upsert
      Values values = AttributesTable.values(runId, key, value, now);
      writes.add(new ProgressWrite(attributes.updateKey, null, values, null));
      writes.add(new ProgressWrite(attributes.insertFromRun, attributes.upsertFenced, values,
          null));
    });
    if (!carried.isEmpty() || !commit.events().isEmpty()) {
      // as plain statements, the events the checkpoints carry are rows of the log, first
      Supplier<List<Values>> rows = () -> {
        List<Values> all = new ArrayList<>();
        carried.forEach(event -> all.add(events.values(runId, event)));
        commit.events().forEach(event -> all.add(events.values(runId, event)));
        return all;
      };
      writes.add(new ProgressWrite(events.insert,
          commit.events().isEmpty() ? null
              : events.logFenced(commit.events().size(), carried.size()),
          events.fencedValues(new Values(), commit.events()), rows, null));
    }
    if (!commit.values().isEmpty()) { // the events set and stream values, in order
      writes.add(new ProgressWrite(runValues.insert,
          runValues.insertFenced(commit.values().size()),
          RunValuesTable.fencedValues(new Values(), commit.values()),
          () -> commit.values().stream()
              .map(value -> RunValuesTable.insertValues(new Values(), value)).toList(),
          null));
    }
    for (TaskRecord task : commit.tasks()) {
      writes.add(new ProgressWrite(tasks.insert, tasks.insertFenced,
          tasks.insertValues(new Values(), task), null));
    }
    if (commit.change().kind() == RunChange.Kind.FAILED) {
      // a failed run's tasks still open (its run timeout ended it) are given up with it
      writes.add(new ProgressWrite(tasks.giveUpOpen, tasks.giveUpOpenFenced,
          new Values().instant("now", now).string("runId", runId), null));
    }
    if (commit.wakes() != null) {
      writes.add(new ProgressWrite(runs.wake, runs.wakeFenced,
          RunsTable.wakeValues(new Values(), commit.wakes(), now), null));
    }
    return writes;
  }

  /**
   * The attributes that {@code commit}'s new checkpoints record ({@code ctx.attribute}), by key in
   * the order first recorded, each with the last value recorded for it.
   */
  public static Map<String, String> attributes(Commit commit) {
    Map<String, String> attributes = new LinkedHashMap<>();
    for (Commit.CheckpointWrite write : commit.checkpoints()) {
      StoredAttributes.recorded(write)
          .ifPresent(attribute -> attributes.put(attribute.getKey(), attribute.getValue()));
    }
    return attributes;
  }

  /** How many events {@code commit}'s checkpoints carry. */
  public static int carried(Commit commit) {
    int carried = 0;
    for (Commit.CheckpointWrite write : commit.checkpoints()) {
      carried += write.carriesEvents() ? 2 : 0;
    }
    return carried;
  }

  /** The turns of {@code commits}, in order: their writes made once, however they are sent. */
  List<TurnProgress> turns(List<Commit> commits, Instant now) {
    List<TurnProgress> turns = new ArrayList<>(commits.size());
    for (Commit commit : commits) {
      List<ProgressWrite> writes = writes(commit, now);
      int count = runs.fences.inText(commit.change().kind()).parameterCount();
      for (ProgressWrite write : writes) {
        count += write.fenced() == null ? 0 : write.fenced().parameterCount();
      }
      turns.add(new TurnProgress(commit, writes, count));
    }
    return turns;
  }
}
