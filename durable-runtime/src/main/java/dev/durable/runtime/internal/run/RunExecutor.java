package dev.durable.runtime.internal.run;

import dev.durable.runtime.RunError;
import dev.durable.runtime.RunEvent;
import dev.durable.runtime.RunState;
import dev.durable.runtime.StoreException;
import dev.durable.runtime.codec.PayloadCodecException;
import dev.durable.runtime.codec.PayloadException;
import dev.durable.runtime.internal.common.Errors;
import dev.durable.runtime.internal.common.Registry;
import dev.durable.runtime.internal.common.RunLog;
import dev.durable.runtime.internal.common.RunMdc;
import dev.durable.runtime.internal.flow.Admissions;
import dev.durable.runtime.internal.model.CheckpointRecord;
import dev.durable.runtime.internal.model.ClaimedRun;
import dev.durable.runtime.internal.model.EventType;
import dev.durable.runtime.internal.model.NewEvent;
import dev.durable.runtime.internal.model.Resumption;
import dev.durable.runtime.internal.model.RunChange;
import dev.durable.runtime.internal.model.RunRecord;
import dev.durable.runtime.internal.observe.TraceSpan;
import dev.durable.runtime.internal.store.lineage.RunLineages;
import dev.durable.runtime.internal.turn.TurnContext;
import dev.durable.runtime.internal.turn.TurnImpl;
import dev.durable.runtime.internal.turn.TurnStop;
import dev.durable.runtime.internal.turn.Turns;
import dev.durable.runtime.internal.turn.WorkflowBody;
import dev.durable.runtime.spi.CurrentTurn;
import dev.durable.runtime.spi.DurableWorkflow;
import dev.durable.runtime.spi.WorkflowType;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Executes one turn of a run this engine has claimed, and records how the run ended: completed,
 * failed, or (already recorded by the turn) suspended.
 */
public final class RunExecutor {
  private static final Logger LOG = LoggerFactory.getLogger(RunExecutor.class);

  private final TurnContext context;
  private final Turns turns;
  private final InFlight inFlight;
  private final Waiters waiters;
  private final SteeredElsewhere steeredElsewhere;
  private final Registry registry;
  private final Admissions admissions;
  private final RunLineages lineages;

  /**
   * @param steeredElsewhere stops the child runs a run's timeout cancels
   * @param admissions told when a run of a queue ends here, freeing its slot
   * @param lineages where a run that continues as new starts over
   */
  public RunExecutor(
      Registry registry, TurnContext context, Turns turns, InFlight inFlight, Waiters waiters,
      SteeredElsewhere steeredElsewhere, Admissions admissions, RunLineages lineages) {
    this.admissions = admissions;
    this.lineages = lineages;
    this.context = context;
    this.turns = turns;
    this.inFlight = inFlight;
    this.waiters = waiters;
    this.steeredElsewhere = steeredElsewhere;
    this.registry = registry;
  }

  /**
   * Executes a turn of the run {@code claim} holds, which this engine has just claimed and marked
   * in flight; ends the flight when done.
   *
   * @param claim the run, with its checkpoints and waiting tasks if read already (none for a run
   *     just created here; null for the turn to read them), and whom it was taken over from
   * @param maySuspend whether retries may suspend the run in storage (a started engine) or must
   *     wait in process ({@code tick()})
   */
  void execute(ClaimedRun claim, InFlight.Run flight, boolean maySuspend) {
    RunRecord run = claim.run();
    // the catch's lines and the flight's end are about the run too: the scope encloses them
    try (RunMdc.Scope mdc =
        RunMdc.run(run.runId(), run.workflow().name(), run.workflow().version())) {
      try {
        Optional<DurableWorkflow<?>> workflow = registry.find(run.workflow());
        if (workflow.isEmpty()) {
          LOG.warn("run {} of {} was claimed, but that workflow is not registered here; it is"
              + " left for an engine that has it", run.runId(), run.workflow());
          return;
        }
        try (TraceSpan span = context.observer().turn(
            run.runId(), run.workflow().name(), run.workflow().version(), run.traceContext())) {
          turn(workflow.get(), claim, maySuspend, flight);
        }
      } catch (StoreException e) {
        if (e.isPermanent()) {
          failAlone(run, e);
        } else {
          LOG.warn("run {}: the store failed ({}); the run is taken up again when its lease"
              + " expires", run.runId(), e.getMessage());
        }
      } finally {
        inFlight.end(run.runId());
      }
    }
  }

  private <R> void turn(
      DurableWorkflow<R> workflow, ClaimedRun claim, boolean maySuspend, InFlight.Run flight) {
    RunRecord run = claim.run();
    WorkflowType<R> type = workflow.workflowType();
    RunEvent runEvent = runEvent(run);
    context.hooks().onRunStart(runEvent);
    Instant deadline = run.deadlineAt();
    if (deadline != null) {
      if (!context.time().now().isBefore(deadline)) {
        fail(run, null, runEvent, Errors.runTimeout(run.runId(), deadline));
        return;
      }
      // the poll stops the turn at the deadline: its timer wakes the poll then
      flight.deadline(deadline);
      context.wakeups().runDue(deadline);
    }
    if (!type.accepts(run.fingerprint())) {
      // before the replay: with checkpoints untouched, a requeue after restoring the class works
      fail(run, null, runEvent, Errors.fingerprintMismatch(run.runId(), type, run.fingerprint()));
      return;
    }
    Object[] input;
    try {
      input = context.payloads().decodeArgs(type.params(), run.input());
    } catch (PayloadCodecException e) {
      setAside(run, null, Errors.setAside(run.runId(), "its stored input", e));
      return;
    } catch (PayloadException e) {
      fail(run, null, runEvent, Errors.engine(
          "cannot decode the stored input of run " + run.runId() + " of " + run.workflow()
              + ": " + e.getMessage() + "; the input class changed incompatibly since the run"
              + " started: restore a compatible class and requeue the run, or cancel it",
          Errors.PAYLOAD_UNDECODABLE, PayloadException.class));
      return;
    }
    Resumption resumption = claim.resumption() != null
        ? claim.resumption() : context.store().resumption(run.runId());
    List<CheckpointRecord> checkpoints = resumption.checkpoints();
    if (checkpoints.isEmpty()) {
      RunLog.started(run.runId(), run.workflow());
    } else {
      RunLog.resumed(run.runId(), run.workflow());
    }
    TurnImpl turn = turns.executing(claim.resumed(resumption), maySuspend, flight);
    WorkflowBody.Ended<R> ended;
    try {
      ended = CurrentTurn.with(turn, () -> WorkflowBody.run(workflow, turn, input));
    } catch (TurnStop stop) {
      stopped(run, turn, runEvent, turn.stopped().orElse(stop));
      return;
    } catch (VirtualMachineError fatal) {
      throw fatal;
    } catch (Throwable error) {
      if (turn.stopped().isPresent()) {
        stopped(run, turn, runEvent, turn.stopped().get());
      } else {
        fail(run, turn, runEvent, Errors.ofWorkflow(error));
      }
      return;
    }
    if (turn.stopped().isPresent()) {
      stopped(run, turn, runEvent, turn.stopped().get());
      return;
    }
    if (ended.failed() != null) {
      fail(run, turn, runEvent, ended.failed());
      return;
    }
    complete(run, turn, runEvent, type, ended);
  }

  private void complete(
      RunRecord run, TurnImpl turn, RunEvent runEvent, WorkflowType<?> type,
      WorkflowBody.Ended<?> ended) {
    Object result = ended.result();
    List<String> violations = context.payloads().violations(type.result(), result);
    if (!violations.isEmpty()) {
      fail(run, turn, runEvent, Errors.engine(
          "run " + run.runId() + " returned an invalid result: " + String.join("; ", violations),
          Errors.INVALID_OUTPUT, Errors.InvalidResult.class));
      return;
    }
    String output;
    try {
      output = context.payloads().encode(type.result(), result);
    } catch (PayloadException e) {
      fail(run, turn, runEvent, Errors.engine(
          "run " + run.runId() + " returned a result that cannot be stored: " + e.getMessage(),
          Errors.INVALID_OUTPUT,
          e.quotesValues() ? PayloadException.class : Errors.UnstorableResult.class));
      return;
    }
    boolean written =
        turn.finish(
            RunChange.completed(output),
            List.of(EventType.RUN_COMPLETED.run(
                ended.routed() == null
                    ? null
                    : "by the @OnError route for code '" + ended.routed().code() + "' after: "
                        + ended.routed().message(),
                context.time().now())));
    if (written) {
      RunLog.completed(run.runId(), run.workflow());
      context.observer().runCompleted(run.workflow().name());
      context.hooks().onRunComplete(runEvent);
      waiters.ended(
          run.runId(), new Waiters.Outcome(RunState.COMPLETED, output, null));
      parentWoken(run);
      admissions.runEnded(run.queue());
    } else {
      LOG.info("run {} finished here, but another engine claimed it or it was cancelled"
          + " meanwhile; its result was not stored by this engine", run.runId());
    }
  }

  /** Fails the run; its last held checkpoints, if any, ride on the same commit. */
  private void fail(RunRecord run, TurnImpl turn, RunEvent runEvent, RunError error) {
    RunChange change = RunChange.failed(error);
    List<NewEvent> events = List.of(
        EventType.RUN_FAILED.run(error.code() + ": " + error.message(), context.time().now()));
    boolean written =
        turn != null
            ? turn.finish(change, events)
            : turns.alone(run)
                .write(change, List.of(), events, List.of());
    if (written) {
      RunLog.failed(run.runId(), run.workflow(), error);
      if (error.code().equals(Errors.RUN_TIMEOUT)) {
        // the runs it started end with it
        steeredElsewhere.stopHere(
            context.store().cancelChildren(run.runId(), context.time().now()));
      }
      context.observer().runFailed(run.workflow().name(), error.code());
      context.hooks().onFailure(runEvent, error);
      waiters.ended(run.runId(), new Waiters.Outcome(RunState.FAILED, null, error));
      parentWoken(run);
      admissions.runEnded(run.queue());
    }
  }

  /**
   * Sets the run aside for {@code reason}: a payload of it that this engine's codec cannot decode.
   * Not failed: it sleeps, with the reason as its error, for {@link Errors#SET_ASIDE_FOR}, and is
   * then taken up by whichever engine claims it (a requeue takes it up at once); an engine whose
   * codec has the key goes on where it was. Nothing it recorded is lost or changed.
   */
  private void setAside(RunRecord run, TurnImpl turn, RunError reason) {
    Instant now = context.time().now();
    RunChange change = RunChange.setAside(now.plus(Errors.SET_ASIDE_FOR), reason);
    List<NewEvent> events = List.of(EventType.RUN_SET_ASIDE.run(reason.message(), now));
    boolean written = turn != null
        ? turn.finish(change, events)
        : turns.alone(run).write(change, List.of(), events, List.of());
    if (written) {
      LOG.warn("{}", reason.message());
      context.observer().runSetAside(run.workflow().name());
    }
  }

  /**
   * A child run ended, and its commit woke its parent: this engine looks for it at once (others
   * are told by PostgreSQL).
   */
  private void parentWoken(RunRecord run) {
    if (run.parentRunId() != null) {
      context.wakeups().runDue(context.time().now());
    }
  }

  /**
   * Fails a run whose row the store cannot read, or whose progress (or failure) it refuses to
   * write, and always would: the failure is written alone, with what the database said. Without
   * this the run would be taken up again at every lease's end and its steps run again for ever.
   */
  private void failAlone(RunRecord run, StoreException cause) {
    try {
      fail(run, null, runEvent(run), Errors.storage(run.runId(), cause));
    } catch (StoreException e) {
      LOG.error("run {}: the database refuses even to record its failure ({}); it is taken up"
          + " again when its lease expires, and fails the same way: correct or delete its rows",
          run.runId(), e.getMessage());
    }
  }

  private void stopped(RunRecord run, TurnImpl turn, RunEvent runEvent, TurnStop stop) {
    switch (stop.reason()) {
      case SUSPENDED -> {}
      case SHUTDOWN -> turn.flushQuietly();
      case FAILED -> fail(run, turn, runEvent, stop.failure());
      case SET_ASIDE -> setAside(run, turn, stop.failure());
      case CANCELLED -> LOG.debug("run {} was cancelled during its turn", run.runId());
      case PAUSED -> {
        if (turn.finish(RunChange.RELEASED, List.of())) {
          LOG.info("run {} was paused; its turn stopped after recording its progress",
              run.runId());
        }
      }
      case LEASE_LOST -> LOG.info(
          "run {}: another engine took it over, or it was cancelled or requeued; this engine's"
              + " turn stopped without writing", run.runId());
      case STORE_UNAVAILABLE -> LOG.warn(
          "run {}: the store failed ({}); the run is taken up again when its lease expires",
          run.runId(), stop.getCause() == null ? "" : stop.getCause().getMessage());
      case CONTINUED_AS_NEW -> continued(run, turn, stop.input());
      case REPLAYED -> throw new IllegalStateException(
          "run " + run.runId() + ": an executed turn stopped as a replay does; this is a bug");
    }
  }

  private RunEvent runEvent(RunRecord run) {
    return new RunEvent(
        run.runId(), run.workflow().name(), run.workflow().version(), context.time().now());
  }

  /**
   * Starts the run over with {@code input} in its next generation, under the lease it was executed
   * with ({@code RunLineages.continueAsNew}), with a run timeout of its own, and wakes the poll:
   * the next generation is due now.
   */
  private void continued(RunRecord run, TurnImpl turn, String input) {
    Instant now = context.time().now();
    Instant deadlineAt = registry.find(run.workflow())
        .flatMap(workflow -> workflow.workflowType().timeout()).map(now::plus).orElse(null);
    int next = run.lineage().generation() + 1;
    boolean written = lineages.continueAsNew(run.fence(), input, deadlineAt, now,
        EventType.RUN_CONTINUED.run("generation " + next + "; generation " + (next - 1)
            + " ended at position " + turn.position(), now));
    if (written) {
      LOG.debug("run {} continues as new: generation {}", run.runId(), next);
      context.wakeups().runDue(now);
    } else {
      LOG.info("run {} continued as new here, but another engine claimed it or it was cancelled"
          + " meanwhile; its next generation was not stored by this engine", run.runId());
    }
  }
}
