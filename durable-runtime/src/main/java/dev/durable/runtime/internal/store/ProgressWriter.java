package dev.durable.runtime.internal.store;

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
 * Dialect#writeProgress}): on PostgreSQL in one text ({@link PostgresProgress}), on H2 as plain
 * statements in a transaction ({@link ProgressStatements}: the fences first, each statement as one
 * JDBC batch for every run whose fence held), which is also the way with a turn too large for one
 * text.
 */
final class ProgressWriter {
  private final Transactions transactions;
  private final Dialect dialect;
  private final Tables tables;
  /** A turn beyond {@link Dialect#progressParameters}: in a transaction of its own. */
  private final ProgressStatements alone;

  ProgressWriter(Transactions transactions, Dialect dialect, Tables tables) {
    this.transactions = transactions;
    this.dialect = dialect;
    this.tables = tables;
    this.alone = new ProgressStatements(tables, dialect.announcements());
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
  WrittenProgress write(List<Commit> commits, Instant now) {
    List<Turn> turns = turns(commits, now);
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
      List<Turn> chunk = turns.subList(from, to);
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

  /**
   * One write of a commit after its fence: {@code plain} as a statement of its own, binding {@code
   * rows} (each a row of a JDBC batch), or {@code fenced} in the run's one statement, binding
   * {@code values}; null where the write has no such form. {@code mustChange}, if not null, says
   * what went wrong when the write changed no row although the fence held (the fence keeps any
   * other turn from it: an engine bug).
   */
  record Write(
      Sql plain, Sql fenced, Values values, Supplier<List<Values>> rows, String mustChange) {
    Write(Sql plain, Sql fenced, Values values, String mustChange) {
      this(plain, fenced, values, () -> List.of(values), mustChange);
    }
  }

  /** The writes of {@code commit} after its fence, in order: the algorithm of a commit. */
  private List<Write> writes(Commit commit, Instant now) {
    StepsTable steps = tables.steps();
    String runId = commit.fence().runId();
    List<Write> writes = new ArrayList<>();
    List<NewEvent> carried = new ArrayList<>();
    for (Commit.CheckpointWrite write : commit.checkpoints()) {
      if (write.insert()) {
        Values values = StepsTable.insertValues(new Values(), write.record());
        if (write.carriesEvents()) {
          // in one text the checkpoint's row carries its events (the ids numbered for them)
          values.int8("startedEvent", carried.size() + 1);
          carried.addAll(write.carriedEvents());
        }
        writes.add(new Write(steps.insert, write.carriesEvents()
            ? steps.insertFencedCarrying : steps.insertFenced, values, null));
      } else {
        writes.add(new Write(steps.update, steps.updateFenced,
            StepsTable.updateValues(new Values(), write.record()),
            "a checkpoint of run " + runId + " vanished while being updated"));
      }
      if (write.takesSignal() != 0) {
        writes.add(new Write(tables.signals().take, tables.signals().takeFenced,
            SignalsTable.takeValues(new Values(), write), "signal " + write.takesSignal()
                + " of run " + runId + " was taken already, or is gone"));
      }
    }
    attributes(commit).forEach((key, value) -> {
      // a key recorded again replaces its value, not its start value: as plain statements an
      // update, then an insert where the key is new (the batches keep that order); in one text
      // an upsert
      Values values = AttributesTable.values(runId, key, value, now);
      AttributesTable attributes = tables.attributes();
      writes.add(new Write(attributes.updateKey, null, values, null));
      writes.add(new Write(attributes.insertFromRun, attributes.upsertFenced, values, null));
    });
    if (!carried.isEmpty() || !commit.events().isEmpty()) {
      // as plain statements, the events the checkpoints carry are rows of the log, first
      Supplier<List<Values>> rows = () -> {
        List<Values> all = new ArrayList<>();
        carried.forEach(event -> all.add(EventsTable.values(runId, event)));
        commit.events().forEach(event -> all.add(EventsTable.values(runId, event)));
        return all;
      };
      writes.add(new Write(tables.events().insert,
          commit.events().isEmpty() ? null
              : tables.events().logFenced(commit.events().size(), carried.size()),
          EventsTable.fencedValues(new Values(), commit.events()), rows, null));
    }
    if (!commit.values().isEmpty()) { // the events set and stream values, in order
      writes.add(new Write(tables.values().insert,
          tables.values().insertFenced(commit.values().size()),
          RunValuesTable.fencedValues(new Values(), commit.values()),
          () -> commit.values().stream()
              .map(value -> RunValuesTable.insertValues(new Values(), value)).toList(),
          null));
    }
    for (TaskRecord task : commit.tasks()) {
      writes.add(new Write(tables.tasks().insert, tables.tasks().insertFenced,
          TasksTable.insertValues(new Values(), task), null));
    }
    if (commit.change().kind() == RunChange.Kind.FAILED) {
      // a failed run's tasks still open (its run timeout ended it) are given up with it
      writes.add(new Write(tables.tasks().giveUpOpen, tables.tasks().giveUpOpenFenced,
          new Values().instant("now", now).string("runId", runId), null));
    }
    if (commit.wakes() != null) {
      writes.add(new Write(tables.runs().wake, tables.runs().wakeFenced,
          RunsTable.wakeValues(new Values(), commit.wakes(), now), null));
    }
    return writes;
  }

  /**
   * The attributes that {@code commit}'s new checkpoints record ({@code ctx.attribute}), by key in
   * the order first recorded, each with the last value recorded for it.
   */
  static Map<String, String> attributes(Commit commit) {
    Map<String, String> attributes = new LinkedHashMap<>();
    for (Commit.CheckpointWrite write : commit.checkpoints()) {
      StoredAttributes.recorded(write)
          .ifPresent(attribute -> attributes.put(attribute.getKey(), attribute.getValue()));
    }
    return attributes;
  }

  /** How many events {@code commit}'s checkpoints carry. */
  static int carried(Commit commit) {
    int carried = 0;
    for (Commit.CheckpointWrite write : commit.checkpoints()) {
      carried += write.carriesEvents() ? 2 : 0;
    }
    return carried;
  }

  /**
   * Whether any of {@code commits} queues a task for any worker to claim, so that workers must be
   * told; a task claimed already by a worker of this process is handed to it in process.
   */
  static boolean queuesTasks(List<Turn> turns) {
    return turns.stream().flatMap(turn -> turn.commit().tasks().stream())
        .anyMatch(task -> task.status() == TaskStatus.QUEUED);
  }

  /**
   * The runs of {@code turns} whose readers of events and streams in other processes are told at
   * the commit ({@link Commit#announcesValues}). Told also where a fence failed: a reader told
   * for nothing reads once more.
   */
  static List<String> announcing(List<Turn> turns) {
    List<String> runIds = List.of(); // a loop, not a stream: asked for every batch of commits
    for (Turn turn : turns) {
      if (turn.commit().announcesValues()) {
        if (runIds.isEmpty()) {
          runIds = new ArrayList<>();
        }
        runIds.add(turn.commit().fence().runId());
      }
    }
    return runIds;
  }

  /**
   * A commit with its writes ({@link #writes}), and how many parameters its statement in one text
   * binds, as its statements say.
   */
  record Turn(Commit commit, List<Write> writes, int parameters) {}

  /** The turns of {@code commits}, in order: their writes made once, however they are sent. */
  List<Turn> turns(List<Commit> commits, Instant now) {
    List<Turn> turns = new ArrayList<>(commits.size());
    for (Commit commit : commits) {
      List<Write> writes = writes(commit, now);
      int count = tables.runs().fenceInText(commit.change().kind()).parameterCount();
      for (Write write : writes) {
        count += write.fenced() == null ? 0 : write.fenced().parameterCount();
      }
      turns.add(new Turn(commit, writes, count));
    }
    return turns;
  }
}
