package dev.durable.runtime.internal.lineage;

import com.fasterxml.jackson.databind.type.TypeFactory;
import dev.durable.runtime.AwaitTimeoutException;
import dev.durable.runtime.RunCancelledException;
import dev.durable.runtime.RunError;
import dev.durable.runtime.RunFailedException;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunState;
import dev.durable.runtime.RunStatus;
import dev.durable.runtime.StartOptions;
import dev.durable.runtime.StepState;
import dev.durable.runtime.UnknownRunException;
import dev.durable.runtime.codec.PayloadCodecException;
import dev.durable.runtime.codec.PayloadException;
import dev.durable.runtime.internal.common.Errors;
import dev.durable.runtime.internal.model.CheckpointKind;
import dev.durable.runtime.internal.model.CheckpointRecord;
import dev.durable.runtime.internal.model.Commit;
import dev.durable.runtime.internal.model.EventType;
import dev.durable.runtime.internal.model.RunRecord;
import dev.durable.runtime.internal.ops.RunStatuses;
import dev.durable.runtime.internal.run.ProgressBuffer;
import dev.durable.runtime.internal.run.RunStarts;
import dev.durable.runtime.internal.turn.CheckpointBuilder;
import dev.durable.runtime.internal.turn.ReplayLog;
import dev.durable.runtime.internal.turn.TurnContext;
import dev.durable.runtime.internal.turn.TurnControl;
import dev.durable.runtime.internal.turn.TurnScope;
import dev.durable.runtime.internal.turn.TurnStop;
import dev.durable.runtime.spi.Payload;
import dev.durable.runtime.spi.SignalType;
import dev.durable.runtime.spi.WorkflowRuns;
import dev.durable.runtime.spi.WorkflowType;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntSupplier;
import java.util.stream.Stream;

/**
 * Child runs: the runs a turn's workflow starts through a client made with {@code
 * <Name>Client.of(WorkflowContext)}, and its durable waits for them to end.
 *
 * <p>A start takes the next position and is checkpointed there ({@link CheckpointKind#CHILD}, its
 * output the child's id): a replay answers with the recorded child and starts nothing. The child
 * is stored before its checkpoint is, with an id derived from the parent's and the position
 * unless one is given, so a start that a crash cut short between the two stores nothing new when
 * replayed. An await takes the next position too ({@link CheckpointKind#AWAIT}): it records the
 * child's outcome once the child has ended, else suspends the run until the child's end wakes it
 * (the child's last commit wakes its parent, see {@code ProgressBuffer}); a wake that comes while
 * the turn is still deciding to suspend is kept in {@code woken_at}, so none is lost.
 *
 * <p>Concurrency: on the turn's thread only.
 */
public final class Children {
  /** The code an await records when its child was cancelled. */
  private static final String CANCELLED = "run_cancelled";
  /** The code an await records when its child did not end within the await's timeout. */
  private static final String AWAIT_TIMEOUT = "await_timeout";
  /** How a child's id is stored in the checkpoints of its start and its awaits. */
  private static final Payload CHILD_ID =
      new Payload("runId", TypeFactory.defaultInstance().constructType(String.class), false);

  private final TurnContext context;
  private final RunRecord run;
  private final ReplayLog log;
  private final ProgressBuffer progress;
  private final TurnControl control;
  private final IntSupplier positions;
  private final Runnable flush;
  private final RunStarts starts;
  private final RunStatuses statuses;
  private final ContinueAsNew continuing;

  /**
   * @param positions hands out the turn's next position
   * @param flush writes the turn's held checkpoints: a child's start is a side effect
   * @param continuing starts the run over, for the client of its own workflow
   */
  public Children(
      TurnContext context, TurnScope scope, RunStarts starts, RunStatuses statuses,
      IntSupplier positions, Runnable flush, ContinueAsNew continuing) {
    this.continuing = continuing;
    this.context = context;
    this.run = scope.run();
    this.log = scope.log();
    this.progress = scope.progress();
    this.control = scope.control();
    this.positions = positions;
    this.flush = flush;
    this.starts = starts;
    this.statuses = statuses;
  }

  /** The child runs of {@code type}: what {@code <Name>Client.of(WorkflowContext)} uses. */
  public <R> WorkflowRuns<R> of(WorkflowType<R> type) {
    return new WorkflowRuns<>() {
      @Override
      public RunHandle<R> start(Object[] input) {
        return Children.this.start(type, null, null, Map.of(), input);
      }

      @Override
      public RunHandle<R> start(String runId, Object[] input) {
        return Children.this.start(type, runId, null, Map.of(), input);
      }

      @Override
      public RunHandle<R> start(StartOptions options, Object[] input) {
        if (RunStarts.place(type, options, Instant.EPOCH) != null) {
          throw new IllegalArgumentException("run " + run.runId() + " starts a child run of '"
              + type.name() + "' with a queue, a delay or a deduplication id, which a child run"
              + " cannot have: start it from a @Step, with a client made from the engine");
        }
        return Children.this.start(type, options.runId().orElse(null),
            options.version().orElse(null), options.attributes(), input);
      }

      @Override
      public RunHandle<R> get(String runId) {
        return new Handle<>(type, runId);
      }

      @Override
      public <T> void signal(String runId, SignalType<T> signal, T value) {
        throw new UnsupportedOperationException(
            "run " + run.runId() + " sends signal '" + signal.name() + "' to run " + runId
                + " from its @Run method, which is not supported: a replay would send it again;"
                + " send it from a @Step, whose completion is recorded, with a client made from"
                + " the engine");
      }

      @Override
      public R continueAsNew(Object[] input) {
        return continuing.now(type, input);
      }
    };
  }

  /**
   * Starts a child run at the turn's next position, or answers with the one recorded there: on
   * {@code version}, or the newest registered (see {@link RunStarts#version}), chosen once, when
   * the start is first made; with {@code attributes}, stored with it.
   */
  private <R> RunHandle<R> start(
      WorkflowType<R> type, String runId, String version, Map<String, String> attributes,
      Object[] input) {
    control.throwIfStopped();
    int seq = positions.getAsInt();
    CheckpointRecord recorded = control.replayed(() ->
        log.match(seq, CheckpointKind.CHILD, type.name(),
            "a start of workflow '" + type.name() + "'"));
    if (recorded != null) {
      return new Handle<>(type, decodeId(recorded));
    }
    // a later generation's positions start again from 0: its children's ids name it
    int generation = run.lineage().generation();
    String childId = runId != null ? runId
        : RunStarts.childId(generation == 1 ? run.runId() : run.runId() + "/g" + generation, seq);
    RunStarts.requireStorableRunId(childId);
    String json = starts.encodeInput(type, input);
    WorkflowType<?> on = starts.version(type, version, json);
    flush.run();
    Instant now = context.time().now();
    if (starts.insert(
        starts.newRun(on, childId, json, null, now, run.runId()).withAttributes(attributes))) {
      context.wakeups().runDue(now); // the poll takes it up at once
    }
    progress.holdCompleted(
        new Commit.CheckpointWrite(
            log.checkpoint(seq, CheckpointKind.CHILD, type.name()).status(StepState.COMPLETED)
                .attempts(1).input(json).output(encodeId(childId)).startedAt(now).updatedAt(now)
                .build(),
            true),
        List.of(EventType.CHILD_STARTED.step(type.name(), 1, childId, now)),
        null);
    return new Handle<>(type, childId);
  }

  /**
   * Waits at the turn's next position for run {@code childId} to end, until {@code timeout} has
   * passed (null: without a limit), and returns its result or throws how it ended.
   */
  private <R> R await(WorkflowType<R> type, String childId, Duration timeout) {
    control.throwIfStopped();
    int seq = positions.getAsInt();
    CheckpointRecord recorded = control.replayed(() ->
        log.match(seq, CheckpointKind.AWAIT, type.name(),
            "an await of a run of workflow '" + type.name() + "'"));
    if (recorded != null && recorded.status() != StepState.RUNNING) {
      return outcome(type, childId, recorded);
    }
    Instant now = context.time().now();
    RunRecord child = context.store().findRun(childId).orElseThrow(() ->
        new UnknownRunException("run " + run.runId() + " awaits run '" + childId + "', which is"
            + " not stored; await the handle its client's start returned"));
    Instant wakeAt = recorded != null
        ? recorded.wakeAt()
        : timeout == null ? null : now.plus(timeout);
    if (child.status().isTerminal() || wakeAt != null && !now.isBefore(wakeAt)) {
      CheckpointRecord ended = ended(seq, type, childId, child, timeout, recorded, now);
      progress.holdCompleted(new Commit.CheckpointWrite(ended, recorded == null),
          List.of(EventType.CHILD_ENDED.step(type.name(), 1,
              childId + ": " + (ended.error() == null ? "COMPLETED" : ended.error().code()),
              now)),
          null);
      return outcome(type, childId, ended);
    }
    List<Commit.CheckpointWrite> waiting = recorded != null
        ? List.of()
        : List.of(new Commit.CheckpointWrite(
            log.checkpoint(seq, CheckpointKind.AWAIT, type.name()).status(StepState.RUNNING)
                .attempts(1).input(encodeId(childId)).wakeAt(wakeAt).startedAt(now)
                .updatedAt(now).build(),
            true));
    throw control.suspendForExternalEvent(wakeAt, "until run " + childId + " ends"
        + (wakeAt == null ? "" : ", or until " + wakeAt), now, waiting, List.of());
  }

  /** The checkpoint of an await that ends now: the child ended, or the await timed out. */
  private CheckpointRecord ended(
      int seq, WorkflowType<?> type, String childId, RunRecord child, Duration timeout,
      CheckpointRecord recorded, Instant now) {
    CheckpointBuilder checkpoint = log.checkpoint(seq, CheckpointKind.AWAIT, type.name())
        .attempts(1).input(encodeId(childId))
        .startedAt(recorded != null ? recorded.startedAt() : now).updatedAt(now);
    if (child.status() == RunState.COMPLETED) {
      return checkpoint.status(StepState.COMPLETED).output(child.output()).build();
    }
    RunError error;
    if (child.status() == RunState.FAILED) {
      error = child.error();
    } else if (child.status() == RunState.CANCELLED) {
      error = new RunError("run " + childId + " was cancelled", CANCELLED,
          RunCancelledException.class.getName(), Optional.empty());
    } else {
      error = new RunError("run " + childId + " did not end within " + timeout + "; it goes on",
          AWAIT_TIMEOUT, AwaitTimeoutException.class.getName(), Optional.empty());
    }
    return checkpoint.status(StepState.FAILED).error(error).build();
  }

  /** The result an ended await recorded, or what it throws. */
  @SuppressWarnings("unchecked")
  private <R> R outcome(WorkflowType<R> type, String childId, CheckpointRecord ended) {
    if (ended.status() == StepState.COMPLETED) {
      try {
        return (R) context.payloads().decode(type.result(), ended.output());
      } catch (PayloadCodecException e) {
        throw control.setAside("the stored result of its child run " + childId + " at position "
            + ended.seq(), e);
      } catch (PayloadException e) {
        throw control.stop(TurnStop.Reason.FAILED, Errors.engine(
            "run " + run.runId() + " cannot decode the result of its child run " + childId + ": "
                + e.getMessage() + "; the result class changed incompatibly since: restore a"
                + " compatible class and requeue the run, or cancel it",
            Errors.PAYLOAD_UNDECODABLE, PayloadException.class), e);
      }
    }
    RunError error = ended.error();
    switch (error.code()) {
      case CANCELLED:
        throw new RunCancelledException(childId);
      case AWAIT_TIMEOUT:
        throw new AwaitTimeoutException(error.message());
      default:
        throw new RunFailedException(childId, error);
    }
  }

  private String encodeId(String childId) {
    return context.payloads().encode(CHILD_ID, childId);
  }

  private String decodeId(CheckpointRecord recorded) {
    try {
      return (String) context.payloads().decode(CHILD_ID, recorded.output());
    } catch (PayloadCodecException e) {
      throw control.setAside("the id of a child run recorded at position " + recorded.seq(), e);
    } catch (PayloadException e) {
      throw control.stop(TurnStop.Reason.FAILED, Errors.engine(
          "run " + run.runId() + " recorded a child run's id that cannot be read at position "
              + recorded.seq() + ": " + e.getMessage(), Errors.PAYLOAD_UNDECODABLE,
          PayloadException.class), e);
    }
  }

  /** A child run's handle: its {@code await} waits durably, at the turn's next position. */
  private final class Handle<R> implements RunHandle<R> {
    private final WorkflowType<R> type;
    private final String runId;

    Handle(WorkflowType<R> type, String runId) {
      this.type = type;
      this.runId = runId;
    }

    @Override
    public String id() {
      return runId;
    }

    @Override
    public R await() {
      return Children.this.await(type, runId, null);
    }

    @Override
    public R await(Duration timeout) {
      return Children.this.await(type, runId, timeout);
    }

    @Override
    public RunStatus status() {
      return statuses.of(runId).orElseThrow(() -> new UnknownRunException(
          "no run with id '" + runId + "' is stored in this engine's database"));
    }

    @Override
    public <T> Optional<T> getEvent(String key, Class<T> type, Duration wait) {
      throw notInARun("event");
    }

    @Override
    public <T> Stream<T> readStream(String key, Class<T> type, long fromIndex) {
      throw notInARun("stream");
    }

    private IllegalStateException notInARun(String what) {
      return new IllegalStateException("run " + run.runId() + " cannot read a " + what + " of its"
          + " child run " + runId + " inside its @Run method: the read would not be recorded, so"
          + " a replay could see another value; have the child signal the parent (@Signal), or"
          + " return what the parent needs");
    }

    @Override
    public String toString() {
      return "child run " + runId + " of " + type;
    }
  }
}
