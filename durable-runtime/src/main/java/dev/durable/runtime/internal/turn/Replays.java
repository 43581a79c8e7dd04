package dev.durable.runtime.internal.turn;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.durable.runtime.EngineConfig;
import dev.durable.runtime.PayloadTransform;
import dev.durable.runtime.RunError;
import dev.durable.runtime.RunExport;
import dev.durable.runtime.RunState;
import dev.durable.runtime.codec.PayloadException;
import dev.durable.runtime.codec.Payloads;
import dev.durable.runtime.codec.StoredForm;
import dev.durable.runtime.internal.common.Errors;
import dev.durable.runtime.internal.common.Hooks;
import dev.durable.runtime.internal.common.Registry;
import dev.durable.runtime.internal.flow.Queues;
import dev.durable.runtime.internal.model.CheckpointRecord;
import dev.durable.runtime.internal.model.RunRecord;
import dev.durable.runtime.internal.model.WorkflowKey;
import dev.durable.runtime.internal.observe.Observer;
import dev.durable.runtime.internal.ops.RunExports;
import dev.durable.runtime.internal.ops.RunStatuses;
import dev.durable.runtime.internal.run.InFlight;
import dev.durable.runtime.internal.run.RunStarts;
import dev.durable.runtime.internal.run.Scheduler;
import dev.durable.runtime.internal.time.Jitter;
import dev.durable.runtime.internal.time.Time;
import dev.durable.runtime.internal.wake.DatabaseKey;
import dev.durable.runtime.internal.wake.EngineWakeups;
import dev.durable.runtime.internal.wake.PollLoop;
import dev.durable.runtime.internal.wake.ProcessWakeups;
import dev.durable.runtime.spi.CurrentTurn;
import dev.durable.runtime.spi.DurableWorkflow;
import dev.durable.runtime.spi.RunReplays;
import dev.durable.runtime.spi.WorkflowType;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Replays exported runs ({@link RunExport}) against the workflows' current code, without a
 * database and without executing anything: the real turn ({@link Turns#replaying}) answers
 * each call from the run's checkpoints, and stops where the run had not got further (a call
 * without an ended checkpoint), which is where an engine would execute a step, wait or write. What
 * a deploy would break shows as a difference: the engine's own checks (the step graph's
 * fingerprint, non-determinism, a stored result or input that no longer decodes) and a replay's
 * (stored arguments that no longer decode, a completed run whose code now ends elsewhere or
 * fails). The public face is {@code dev.durable.runtime.testing.WorkflowReplayer} (in {@code
 * durable-test}), which reaches it through {@link RunReplays}.
 */
public final class Replays implements RunReplays {
  private final Registry registry;
  private final AttemptRunner attempts;
  private final Payloads payloads;
  private final Turns turns;

  /**
   * @param workflows the workflows to replay runs of, by name and version
   * @param mapper the Jackson mapper the engine stores payloads with
   * @param codec the payload codec the engine stores payloads through; null for none
   */
  public Replays(List<DurableWorkflow<?>> workflows, ObjectMapper mapper, PayloadTransform codec) {
    this.registry = Registry.of(workflows, false);
    this.attempts = new AttemptRunner(Observer.NONE, null, false); // a replay runs no attempt
    Time time = new Time(Clock.systemUTC());
    Payloads payloads =
        new Payloads(mapper, EngineConfig.MAX_PAYLOAD_LIMIT, StoredForm.of(codec));
    PollLoop poll = Scheduler.pollLoop(Duration.ofMinutes(1));
    // No store, no group commits: a turn that only replays stops before its first read or write.
    EngineWakeups wakeups = replayWakeups(time, poll);
    this.turns = new Turns(
        new TurnContext(null, null, null, null, payloads, time, new Hooks(List.of()),
            Observer.NONE, wakeups, null),
        null, attempts, new Queues(Map.of(), time, wakeups), Jitter.RANDOM, poll,
        new RunStarts(registry, payloads, null, null, null, Observer.NONE, Duration.ofMinutes(1)),
        new RunStatuses(null, null, null, new InFlight(), payloads.form()));
    this.payloads = payloads;
  }

  /**
   * Wake-ups that wake nothing: a turn that only replays stops before its first write, which is
   * where a turn asks for one; the poll and the timers are never started.
   */
  private static EngineWakeups replayWakeups(Time time, PollLoop poll) {
    return new EngineWakeups(null, time, poll,
        new ProcessWakeups(), new DatabaseKey(null, null, null, null), "replay",
        Duration.ofMinutes(1));
  }

  @Override
  public List<String> registered() {
    return registry.keys().stream().map(WorkflowKey::toString).toList();
  }

  @Override
  public boolean isRegistered(RunExport.Run run) {
    return registry.find(new WorkflowKey(run.workflow(), run.version())).isPresent();
  }

  @Override
  public List<String> replay(RunExport.Run run) {
    DurableWorkflow<?> workflow = registry.find(new WorkflowKey(run.workflow(), run.version()))
        .orElseThrow(() -> new IllegalArgumentException(
            "run " + run.id() + " is of workflow '" + run.workflow() + "' version '"
                + run.version() + "', which is not registered"));
    List<CheckpointRecord> checkpoints = RunExports.checkpoints(run);
    return new Differences<>(workflow, run, RunExports.record(run), checkpoints).find();
  }

  @Override
  public void close() {
    attempts.close();
  }

  /** The differences of one run, found by one turn. */
  private final class Differences<R> {
    private final DurableWorkflow<R> workflow;
    private final WorkflowType<R> type;
    private final RunExport.Run exported;
    private final RunRecord run;
    private final List<CheckpointRecord> checkpoints;
    private final List<String> found = new ArrayList<>();

    @SuppressWarnings("unchecked")
    Differences(
        DurableWorkflow<?> workflow, RunExport.Run exported, RunRecord run,
        List<CheckpointRecord> checkpoints) {
      this.workflow = (DurableWorkflow<R>) workflow;
      this.type = this.workflow.workflowType();
      this.exported = exported;
      this.run = run;
      this.checkpoints = checkpoints;
    }

    List<String> find() {
      if (!type.accepts(run.fingerprint())) {
        found.add(Errors.fingerprintMismatch(run.runId(), type, run.fingerprint()).message());
      }
      checkStoredOutput();
      Object[] input;
      try {
        input = payloads.decodeArgs(type.params(), run.input());
      } catch (PayloadException e) {
        found.add("run " + run.runId() + " of " + run.workflow() + ": its stored input "
            + run.input() + " no longer decodes into the @Run method's parameters: "
            + e.getMessage());
        return found;
      }
      replay(input);
      return found;
    }

    /** A completed run's stored result must still decode: its callers read it with that type. */
    private void checkStoredOutput() {
      if (run.status() != RunState.COMPLETED || run.output() == null) {
        return;
      }
      try {
        payloads.decode(type.result(), run.output());
      } catch (PayloadException e) {
        found.add("run " + run.runId() + " of " + run.workflow() + ": its stored result "
            + run.output() + " no longer decodes into the @Run method's result type: "
            + e.getMessage());
      }
    }

    private void replay(Object[] input) {
      TurnImpl turn = turns.replaying(run, checkpoints);
      WorkflowBody.Ended<R> ended = null;
      Throwable thrown = null;
      try {
        ended = CurrentTurn.with(turn, () -> WorkflowBody.run(workflow, turn, input));
      } catch (VirtualMachineError fatal) {
        throw fatal;
      } catch (Throwable error) {
        thrown = error;
      }
      Optional<TurnStop> stop = turn.stopped();
      if (stop.isEmpty() && thrown instanceof TurnStop stopped) {
        stop = Optional.of(stopped);
      }
      if (stop.isPresent()) {
        stopped(stop.get(), turn);
      } else {
        ended(turn, ended != null ? ended.failed() : Errors.ofWorkflow(thrown));
      }
    }

    private void stopped(TurnStop stop, TurnImpl turn) {
      switch (stop.reason()) {
        case CONTINUED_AS_NEW -> { // the code ends this generation there
          ended(turn, null);
          if (exported.status().isTerminal()) {
            found.add("run " + run.runId() + " of " + run.workflow() + " ended "
                + exported.status() + ", but the code now continues it as new at position "
                + turn.position());
          }
        }
        case REPLAYED -> {
          if (exported.status() == RunState.COMPLETED) {
            found.add("run " + run.runId() + " of " + run.workflow() + " completed after "
                + checkpoints.size() + " checkpoint(s), but the code now goes on at position "
                + checkpoints.size() + ": it calls something the run never did before its"
                + " end; guard new calls with ctx.patched(...), or give the changed workflow a"
                + " new version");
          }
        }
        case FAILED -> found.add(stop.failure().message());
        default -> found.add("run " + run.runId() + " of " + run.workflow() + ": the replay"
            + " stopped unexpectedly (" + stop.reason() + ")"
            + (stop.getCause() == null ? "" : ": " + Errors.messageOf(stop.getCause())));
      }
    }

    /** The code ended (returned, or failed for good) at {@code turn}'s position. */
    private void ended(TurnImpl turn, RunError failed) {
      int position = turn.position();
      if (position < checkpoints.size()) {
        found.add("run " + run.runId() + " of " + run.workflow() + " recorded "
            + ReplayLog.describe(turn.recordedAt(position)) + " at position " + position
            + ", but the code now ends before it (" + checkpoints.size() + " checkpoint(s)"
            + " recorded, " + position + " replayed): a call was removed or moved under a"
            + " running version; deploy the old code for this version, or give the changed"
            + " workflow a new version");
      } else if (failed != null && exported.status() == RunState.COMPLETED) {
        found.add("run " + run.runId() + " of " + run.workflow() + " completed, but the code"
            + " now fails it at position " + position + " [" + failed.code() + "]: "
            + failed.message());
      }
    }
  }
}
