package dev.durable.runtime.internal.engine;

import dev.durable.runtime.AwaitTimeoutException;
import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.DurableException;
import dev.durable.runtime.HistoryEvent;
import dev.durable.runtime.InvalidInputException;
import dev.durable.runtime.RunCancelledException;
import dev.durable.runtime.RunFailedException;
import dev.durable.runtime.RunInfo;
import dev.durable.runtime.RunState;
import dev.durable.runtime.RunStatus;
import dev.durable.runtime.StepInfo;
import dev.durable.runtime.StepState;
import dev.durable.runtime.UnknownRunException;
import dev.durable.runtime.codec.PayloadException;
import dev.durable.runtime.codec.StoredText;
import dev.durable.runtime.internal.store.EventType;
import dev.durable.runtime.spi.Payload;
import dev.durable.runtime.spi.WorkflowRuns;
import dev.durable.runtime.spi.WorkflowType;
import dev.durable.runtime.internal.store.CheckpointKind;
import dev.durable.runtime.internal.store.CheckpointRecord;
import dev.durable.runtime.internal.store.NewEvent;
import dev.durable.runtime.internal.store.NewRun;
import dev.durable.runtime.internal.store.RunRecord;
import dev.durable.runtime.internal.store.RunSnapshot;
import dev.durable.runtime.internal.store.WorkflowKey;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The engine behind {@link DurableEngine}: the public API over the store and the scheduler. */
final class DefaultEngine implements DurableEngine, WorkflowRuns.Access {
  private static final Logger LOG = LoggerFactory.getLogger(DefaultEngine.class);
  private static final int MAX_RUN_ID_LENGTH = 200;
  private static final long AWAIT_POLL_MS = 100;

  private final Services services;
  private final Registry registry;
  private final Scheduler scheduler;
  private final List<AutoCloseable> resources;
  private final Set<WorkflowKey> warnedUnregistered = ConcurrentHashMap.newKeySet();
  private final SignalSender signals;

  DefaultEngine(
      Services services, Registry registry, Scheduler scheduler, List<AutoCloseable> resources) {
    this.services = services;
    this.registry = registry;
    this.scheduler = scheduler;
    this.resources = resources;
    this.signals = new SignalSender(services);
  }

  @Override
  public void start() {
    scheduler.start();
  }

  @Override
  public int tick() {
    return scheduler.tick();
  }

  @Override
  public String engineId() {
    return services.engineId();
  }

  // ---- starting and finding runs

  @Override
  public <R> WorkflowRuns<R> runs(WorkflowType<R> type) {
    return new WorkflowRunsImpl<>(this, type);
  }

  /** Sends the typed signals of the runs in this engine's store. */
  SignalSender signals() {
    return signals;
  }

  void startRun(WorkflowType<?> type, String runId, Object[] input) {
    requireStorableRunId(runId);
    String json = encodeInput(type, input);
    WorkflowKey key = new WorkflowKey(type.name(), type.version());
    boolean local = registry.find(key).isPresent() && scheduler.tryReserve();
    Instant now = services.time().now();
    Instant leaseUntil = now.plus(services.leaseDuration());
    String owner = local ? services.engineId() : null;
    List<NewEvent> events = new ArrayList<>();
    events.add(EventType.RUN_CREATED.run(key.toString(), now));
    if (local) {
      events.add(EventType.RUN_CLAIMED.run(owner, now));
    }
    boolean inserted;
    try {
      inserted =
          services.starts().write(new NewRun(runId, key, json, now, owner, leaseUntil, events));
    } catch (RuntimeException e) {
      if (local) {
        scheduler.release();
      }
      throw e;
    }
    if (!inserted) {
      if (local) {
        scheduler.release();
      }
      RunRecord existing = services.store().findRun(runId).orElseThrow();
      if (!existing.workflow().equals(key)) {
        throw new IllegalStateException(
            "run id " + runId + " is already used by a run of " + existing.workflow()
                + "; choose another id to start " + key);
      }
      return;
    }
    if (local) {
      scheduler.submit(
          new RunRecord(runId, key, RunState.RUNNING, json, null, null, now, now, null,
              leaseUntil, owner, leaseUntil, NewRun.LEASED_EPOCH),
          true);
    } else {
      scheduler.signalPoll();
      if (registry.find(key).isEmpty() && warnedUnregistered.add(key)) {
        LOG.warn("started a run of {}, which is not registered with this engine; it waits for an"
            + " engine that has it registered", key);
      }
    }
  }

  /**
   * Refuses a run id the database could not store (too long, or with a character PostgreSQL
   * refuses or UTF-8 cannot encode) before anything is written: a start that reached the database
   * with it would fail there, and fail the starts batched with it.
   */
  static void requireStorableRunId(String runId) {
    if (runId == null || runId.isBlank() || runId.length() > MAX_RUN_ID_LENGTH) {
      throw new IllegalArgumentException(
          "a run id must be 1 to " + MAX_RUN_ID_LENGTH + " characters, not blank; was '" + runId
              + "'");
    }
    for (int i = 0; i < runId.length(); i++) {
      if (Character.isISOControl(runId.charAt(i))) {
        throw new IllegalArgumentException(
            "a run id must not contain control characters, but '" + StoredText.message(runId)
                + "' has U+" + String.format("%04X", (int) runId.charAt(i)) + " at index " + i
                + "; nothing was stored: use printable characters, such as your order's id");
      }
    }
    if (StoredText.needsEscaping(runId)) {
      throw new IllegalArgumentException(
          "a run id must be valid UTF-16, but '" + StoredText.message(runId) + "' has a lone"
              + " surrogate, which no database can store; nothing was stored");
    }
  }

  private String encodeInput(WorkflowType<?> type, Object[] input) {
    List<String> violations = new ArrayList<>();
    for (int i = 0; i < type.params().size(); i++) {
      violations.addAll(services.payloads().violations(type.params().get(i), input[i]));
    }
    if (!violations.isEmpty()) {
      throw new InvalidInputException(
          "cannot start a run of " + type + ": its input is invalid: "
              + String.join("; ", violations) + ". Nothing was stored.",
          violations);
    }
    try {
      return services.payloads().encodeArgs(type.params(), input);
    } catch (PayloadException e) {
      throw new InvalidInputException(
          "cannot start a run of " + type + ": its input cannot be stored: " + e.getMessage()
              + ". Nothing was stored.",
          List.of(e.getMessage()));
    }
  }

  void requireRun(WorkflowType<?> type, String runId) {
    RunRecord run = find(runId);
    WorkflowKey key = new WorkflowKey(type.name(), type.version());
    if (!run.workflow().equals(key)) {
      throw new UnknownRunException(
          "run " + runId + " is a run of " + run.workflow() + ", not of " + key);
    }
  }

  private RunRecord find(String runId) {
    return services.store().findRun(runId).orElseThrow(() -> unknown(runId));
  }

  private static UnknownRunException unknown(String runId) {
    return new UnknownRunException(
        "no run with id '" + runId + "' is stored in this engine's database");
  }

  /**
   * Waits for the run to end. A run executed here is answered from memory when it ends; one that
   * is not is read from the store now and then, as another engine may end it.
   */
  <R> R await(String runId, WorkflowType<R> type, Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      CompletableFuture<Waiters.Outcome> ended = services.waiters().signal(runId);
      Waiters.Outcome outcome = ended.getNow(null);
      // a completed run stays completed; a failure seen here may have been requeued elsewhere
      if (outcome == null || outcome.status() != RunState.COMPLETED) {
        outcome = services.inFlight().contains(runId) && outcome == null
            ? null
            : outcomeInStore(runId);
      }
      if (outcome != null) {
        return result(runId, outcome, type.result());
      }
      long remainingMs = (deadline - System.nanoTime()) / 1_000_000;
      if (remainingMs <= 0) {
        RunRecord run = find(runId);
        throw new AwaitTimeoutException(
            "run " + runId + " did not end within " + timeout + "; it is " + run.status()
                + (run.status() == RunState.SLEEPING ? " until " + run.wakeAt() : "")
                + (scheduler.isStarted() ? "" : "; this engine is not started: call"
                    + " engine.start(), or engine.tick() to run what is due"));
      }
      try {
        Waiters.await(ended, Math.min(remainingMs, AWAIT_POLL_MS));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new DurableException("interrupted while awaiting run " + runId, e);
      }
    }
  }

  /** The run's outcome as stored, or null if it has not ended. */
  private Waiters.Outcome outcomeInStore(String runId) {
    RunRecord run = find(runId);
    return run.status().isTerminal()
        ? new Waiters.Outcome(run.status(), run.output(), run.error())
        : null;
  }

  @SuppressWarnings("unchecked")
  private <R> R result(String runId, Waiters.Outcome outcome, Payload result) {
    switch (outcome.status()) {
      case FAILED:
        throw new RunFailedException(runId, outcome.error());
      case CANCELLED:
        throw new RunCancelledException(runId);
      default:
        break;
    }
    try {
      return (R) services.payloads().decode(result, outcome.output());
    } catch (PayloadException e) {
      throw new DurableException(
          "run " + runId + " completed, but its stored result cannot be decoded: "
              + e.getMessage() + "; the result class changed incompatibly since",
          e);
    }
  }

  // ---- operating runs

  @Override
  public void requeue(String runId) {
    services.waiters().forget(runId);
    if (!services.store().requeue(runId, services.time().now())) {
      RunRecord run = find(runId);
      throw new IllegalStateException(
          "run " + runId + " is " + run.status() + ", not FAILED: only a failed run can be"
              + " requeued");
    }
    scheduler.signalPoll();
  }

  @Override
  public int redispatchPending(String runId) {
    find(runId);
    int queued = services.store().redispatch(runId, services.time().now()).size();
    if (queued > 0) {
      LOG.warn("run {}: {} dispatched task(s) given up as lost and queued again", runId, queued);
      services.wakeups().taskQueued();
    }
    return queued;
  }

  @Override
  public boolean cancel(String runId) {
    if (services.store().cancel(runId, services.time().now())) {
      services.inFlight().cancel(runId);
      services.waiters().ended(runId, new Waiters.Outcome(RunState.CANCELLED, null, null));
      return true;
    }
    find(runId);
    return false;
  }

  @Override
  public RunStatus getRunStatus(String runId) {
    RunSnapshot snapshot = services.store().snapshot(runId).orElseThrow(() -> unknown(runId));
    RunRecord run = snapshot.run();
    List<StepInfo> steps = new ArrayList<>();
    for (CheckpointRecord checkpoint : snapshot.checkpoints()) {
      if (checkpoint.kind() != CheckpointKind.SLEEP) {
        steps.add(new StepInfo(
            checkpoint.seq(),
            checkpoint.name(),
            checkpoint.status(),
            checkpoint.attempts(),
            checkpoint.error() == null ? null : checkpoint.error().message(),
            checkpoint.status() == StepState.RETRYING ? checkpoint.wakeAt() : null));
      }
    }
    List<InFlight.Attempt> running =
        services.inFlight().get(runId).map(InFlight.Run::attempts).orElse(List.of());
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
            attempt.attempt(), previous.error(), null));
      } else {
        steps.add(new StepInfo(
            attempt.seq(), attempt.stepName(), StepState.RUNNING, attempt.attempt(), null, null));
      }
    }
    RunInfo info = new RunInfo(
        run.runId(),
        run.workflow().name(),
        run.workflow().version(),
        run.status(),
        run.status() == RunState.SLEEPING ? run.wakeAt() : null,
        run.createdAt(),
        run.updatedAt(),
        Optional.ofNullable(run.error()),
        Optional.ofNullable(run.status() == RunState.RUNNING ? run.leaseOwner() : null));
    return new RunStatus(info, steps);
  }

  @Override
  public List<HistoryEvent> history(String runId) {
    find(runId);
    return services.store().history(runId);
  }

  // ---- shutdown

  @Override
  public void close() {
    if (scheduler.isClosed()) {
      return;
    }
    scheduler.close();
    try {
      int released =
          services.store().releaseLeases(
              services.engineId(), EventType.RUN_RELEASED, services.time().now());
      if (released > 0) {
        LOG.info("released {} run(s) still in flight for another engine to pick up", released);
      }
    } catch (RuntimeException e) {
      LOG.warn("could not release this engine's leases on close: {}; other engines take its runs"
          + " over when the leases expire", e.getMessage());
    }
    for (AutoCloseable resource : resources) {
      try {
        resource.close();
      } catch (Exception e) {
        LOG.warn("closing {} failed", resource, e);
      }
    }
  }
}
