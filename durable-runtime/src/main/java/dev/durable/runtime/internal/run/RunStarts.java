package dev.durable.runtime.internal.run;

import dev.durable.runtime.DuplicateRunException;
import dev.durable.runtime.InvalidInputException;
import dev.durable.runtime.ScheduleInfo;
import dev.durable.runtime.StartOptions;
import dev.durable.runtime.StoredText;
import dev.durable.runtime.codec.PayloadCodecException;
import dev.durable.runtime.codec.PayloadException;
import dev.durable.runtime.codec.Payloads;
import dev.durable.runtime.internal.common.Registry;
import dev.durable.runtime.internal.common.Versions;
import dev.durable.runtime.internal.model.EventType;
import dev.durable.runtime.internal.model.NewEvent;
import dev.durable.runtime.internal.model.NewRun;
import dev.durable.runtime.internal.model.QueuePlace;
import dev.durable.runtime.internal.model.RunRecord;
import dev.durable.runtime.internal.model.WorkflowKey;
import dev.durable.runtime.internal.observe.Observer;
import dev.durable.runtime.internal.store.RunStore;
import dev.durable.runtime.internal.store.flow.QueueAdmissions;
import dev.durable.runtime.spi.DurableWorkflow;
import dev.durable.runtime.spi.WorkflowType;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Storing new runs, for {@code start} on the engine and for child runs started by a run: their
 * ids and input checked before anything is written, their run timeout, the events of their start,
 * and what a second start with the same id means.
 */
public final class RunStarts {
  public static final int MAX_RUN_ID_LENGTH = 200;

  private final Registry registry;
  private final Payloads payloads;
  private final StartWrites writes;
  private final RunStore store;
  private final QueueAdmissions queues;
  private final Observer observer;
  private final Duration leaseDuration;

  /**
   * @param writes inserts the new runs
   * @param leaseDuration how long a run started on this engine is leased to it
   */
  public RunStarts(
      Registry registry, Payloads payloads, StartWrites writes, RunStore store,
      QueueAdmissions queues, Observer observer,
      Duration leaseDuration) {
    this.registry = registry;
    this.payloads = payloads;
    this.writes = writes;
    this.store = store;
    this.queues = queues;
    this.observer = observer;
    this.leaseDuration = leaseDuration;
  }

  /**
   * Refuses a run id the database could not store (too long, or with a character PostgreSQL
   * refuses or UTF-8 cannot encode) before anything is written: a start that reached the database
   * with it would fail there, and fail the starts batched with it.
   */
  public static void requireStorableRunId(String runId) {
    if (runId == null || runId.isBlank() || runId.length() > MAX_RUN_ID_LENGTH) {
      throw new IllegalArgumentException(
          "a run id must be 1 to " + MAX_RUN_ID_LENGTH + " characters, not blank; was '"
              + StoredText.echo(runId) + "'; nothing was stored");
    }
    for (int i = 0; i < runId.length(); i++) {
      if (Character.isISOControl(runId.charAt(i))) {
        throw new IllegalArgumentException(
            "a run id must not contain control characters, but '" + StoredText.echo(runId)
                + "' has U+" + String.format("%04X", (int) runId.charAt(i)) + " at index " + i
                + "; nothing was stored: use printable characters, such as your order's id");
      }
    }
    if (StoredText.needsEscaping(runId)) {
      throw new IllegalArgumentException(
          "a run id must be valid UTF-16, but '" + StoredText.echo(runId) + "' has a lone"
              + " surrogate, which no database can store; nothing was stored");
    }
    if (runId.startsWith(ScheduleInfo.RUN_ID_PREFIX)) {
      throw new IllegalArgumentException("a run id must not start with '"
          + ScheduleInfo.RUN_ID_PREFIX + "', which is kept for the runs schedules start, but '"
          + StoredText.echo(runId) + "' does; nothing was stored: choose another id");
    }
  }

  /** The id of the child run a run starts at {@code seq} without giving one. */
  public static String childId(String parentRunId, int seq) {
    String derived = parentRunId + "/child-" + seq;
    return derived.length() <= MAX_RUN_ID_LENGTH
        ? derived
        : "child-" + java.util.UUID.nameUUIDFromBytes(
            (parentRunId + "/" + seq).getBytes(java.nio.charset.StandardCharsets.UTF_8));
  }

  /**
   * The input of a run of {@code type}, validated and encoded.
   *
   * @throws InvalidInputException if it is invalid or cannot be stored; nothing was stored
   */
  public String encodeInput(WorkflowType<?> type, Object[] input) {
    List<String> violations = new ArrayList<>();
    for (int i = 0; i < type.params().size(); i++) {
      violations.addAll(payloads.violations(type.params().get(i), input[i]));
    }
    if (!violations.isEmpty()) {
      throw new InvalidInputException(
          "cannot start a run of " + type + ": its input is invalid: "
              + String.join("; ", violations) + ". Nothing was stored.",
          violations);
    }
    try {
      return payloads.encodeArgs(type.params(), input);
    } catch (PayloadCodecException e) {
      throw new PayloadCodecException("cannot start a run of " + type + ": " + e.getMessage(), e);
    } catch (PayloadException e) {
      throw new InvalidInputException(
          "cannot start a run of " + type + ": its input cannot be stored: " + e.getMessage()
              + ". Nothing was stored.",
          List.of(e.getMessage()));
    }
  }

  /**
   * The version of {@code client}'s workflow a run started with input {@code json} (encoded in the
   * client's form) goes on: {@code version}, if one is named (the client's own, or one registered
   * here); else the highest registered here if it is higher than the client's own, else the
   * client's own.
   *
   * @throws IllegalArgumentException if {@code version} is neither the client's nor registered
   *     here
   * @throws InvalidInputException if the input does not decode as that version's; nothing was
   *     stored
   */
  public WorkflowType<?> version(WorkflowType<?> client, String version, String json) {
    WorkflowType<?> chosen;
    if (version != null) {
      chosen = version.equals(client.version())
          ? client
          : registry.find(new WorkflowKey(client.name(), version))
              .<WorkflowType<?>>map(DurableWorkflow::workflowType)
              .orElseThrow(() -> new IllegalArgumentException(
                  "cannot start a run of " + client.name() + " on version "
                      + StoredText.echo(version) + ": it is"
                      + " not registered with this engine, which has "
                      + registeredVersions(client.name()) + "; register that version's class, or"
                      + " start without naming a version to start on the newest. Nothing was"
                      + " stored."));
    } else {
      chosen = registry.latest(client.name())
          .<WorkflowType<?>>map(DurableWorkflow::workflowType)
          .filter(type -> Versions.compare(type.version(), client.version()) > 0)
          .orElse(client);
    }
    if (chosen != client) {
      try {
        payloads.decodeArgs(chosen.params(), json);
      } catch (PayloadException e) {
        throw new InvalidInputException(
            "cannot start a run of " + client.name() + " on version " + chosen.version()
                + (version == null ? ", its newest registered here," : "") + " with the input"
                + " given for version " + client.version() + ", which does not fit ("
                + e.getMessage() + "); start it with the client generated for version "
                + chosen.version() + ". Nothing was stored.",
            List.of(e.getMessage()));
      }
    }
    return chosen;
  }

  private String registeredVersions(String name) {
    List<String> versions = registry.workflows().stream()
        .map(DurableWorkflow::workflowType)
        .filter(type -> type.name().equals(name))
        .map(WorkflowType::version)
        .sorted(Versions.ORDER)
        .toList();
    return versions.isEmpty() ? "no version of it" : "version(s) " + String.join(", ", versions);
  }

  /**
   * A new run of {@code type}, leased to {@code owner} (null: left due for any engine), started by
   * {@code parentRunId} (null: by a caller), with its run timeout counted from {@code now}.
   */
  public NewRun newRun(
      WorkflowType<?> type, String runId, String input, String owner, Instant now,
      String parentRunId) {
    return newRun(type, runId, input, owner, now, parentRunId, null);
  }

  /**
   * {@link #newRun(WorkflowType, String, String, String, Instant, String)} that waits in {@code
   * place} (null: none), {@link dev.durable.runtime.RunState#ENQUEUED} if it waits for a queue or
   * a delay, or only holds a deduplication key.
   */
  public NewRun newRun(
      WorkflowType<?> type, String runId, String input, String owner, Instant now,
      String parentRunId, QueuePlace place) {
    WorkflowKey key = new WorkflowKey(type.name(), type.version());
    List<NewEvent> events = new ArrayList<>();
    String waits = place == null || !place.waits() ? ""
        : place.queue() != null ? ", queued in " + place.queue()
            + (place.notBefore() == null ? "" : " until " + place.notBefore())
            : ", delayed until " + place.notBefore();
    events.add(EventType.RUN_CREATED.run(
        (parentRunId == null ? key.toString() : key + ", a child of run " + parentRunId) + waits,
        now));
    if (owner != null) {
      events.add(EventType.RUN_CLAIMED.run(owner, now));
    }
    return new NewRun(runId, key, input, now, owner, now.plus(leaseDuration),
        type.timeout().map(now::plus).orElse(null), parentRunId,
        type.fingerprint().orElse(null), events,
        observer.runStarting(runId, type.name()), place);
  }

  /**
   * Where a run of {@code type} started with {@code options} at {@code now} waits: its queue, its
   * delay and its deduplication key; null if it has none of them.
   */
  public static QueuePlace place(WorkflowType<?> type, StartOptions options, Instant now) {
    if (options.queue().isEmpty() && options.delay().isEmpty()
        && options.deduplicationId().isEmpty() && options.debounce().isEmpty()) {
      return null;
    }
    String queue = options.queue().orElse(null);
    // a debounced start holds its debounce key as its deduplication key, its window as its delay
    return new QueuePlace(queue, options.priority(), options.partitionKey().orElse(null),
        options.debounce().map(d -> QueuePlace.debounceKey(type.name(), d.key()))
            .or(() -> options.deduplicationId().map(id -> QueuePlace.dedupKey(queue, type.name(),
                id)))
            .orElse(null),
        options.debounce().map(d -> now.plus(d.window()))
            .or(() -> options.delay().map(now::plus)).orElse(null));
  }

  /**
   * Stores a debounced start's {@code run} ({@code StartOptions.debounce}): folds it into the run
   * that holds its debounce key and still waits out its window, giving that run its input and a
   * new window; else inserts it as a new run holding the key. A start that races another with the
   * same key and loses the insert folds into the winner's run.
   *
   * @return the id of the run the start made or was folded into
   * @throws IllegalStateException if the run's id belongs to a run of another workflow
   */
  public String insertDebounced(NewRun run) {
    QueuePlace place = run.place();
    for (int attempt = 1; ; attempt++) {
      Optional<String> folded = queues.debounce(
          place.dedupKey(), run.input(), place.notBefore(), run.now());
      if (folded.isPresent()) {
        return folded.get();
      }
      if (writes.write(run)) {
        observer.runStarted(run.workflow().name());
        return run.runId();
      }
      Optional<RunRecord> existing = store.findRun(run.runId());
      if (existing.isPresent()) { // a start by run id finds the run started with it
        if (!existing.get().workflow().name().equals(run.workflow().name())) {
          throw new IllegalStateException("run id " + run.runId() + " is already used by a run"
              + " of " + existing.get().workflow() + "; choose another id to start "
              + run.workflow());
        }
        return run.runId();
      }
      // another start inserted a run with the key meanwhile: fold into it
      if (attempt == 3) {
        throw new IllegalStateException("run " + run.runId() + " was neither stored nor folded"
            + " into the run holding " + place.dedupKey());
      }
    }
  }

  /**
   * Stores {@code run}, unless a run with its id is stored already: then starting it again is not
   * an error and starts nothing, if that run is of the same workflow, in any version.
   *
   * @return whether it was stored now
   * @throws IllegalStateException if the id belongs to a run of another workflow
   * @throws DuplicateRunException if an unfinished run holds its deduplication key
   */
  public boolean insert(NewRun run) {
    for (int attempt = 1; ; attempt++) {
      if (writes.write(run)) {
        observer.runStarted(run.workflow().name());
        return true;
      }
      Optional<RunRecord> existing = store.findRun(run.runId());
      if (existing.isPresent()) {
        if (!existing.get().workflow().name().equals(run.workflow().name())) {
          throw new IllegalStateException(
              "run id " + run.runId() + " is already used by a run of "
                  + existing.get().workflow() + "; choose another id to start "
                  + run.workflow());
        }
        return false;
      }
      String dedupKey = run.place() == null ? null : run.place().dedupKey();
      Optional<String> holder =
          dedupKey == null ? Optional.empty() : queues.holderOf(dedupKey);
      if (holder.isPresent()) {
        throw new DuplicateRunException("cannot start run " + run.runId() + " of "
            + run.workflow() + ": run " + holder.get() + " holds its deduplication id ("
            + dedupKey + ") and has not ended; await or cancel that run, or start with another"
            + " id. Nothing was stored.", holder.get());
      }
      // the run that held the key ended meanwhile, freeing it: start again
      if (attempt == 3) {
        throw new IllegalStateException("run " + run.runId() + " was not stored, and no run"
            + " holds its id or deduplication id");
      }
    }
  }
}
