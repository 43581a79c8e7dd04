package dev.durable.runtime.internal.turn;

import dev.durable.runtime.RunError;
import dev.durable.runtime.StepFailedException;
import dev.durable.runtime.StoreException;
import dev.durable.runtime.WorkflowContext;
import dev.durable.runtime.internal.flow.Queues;
import dev.durable.runtime.internal.lineage.Children;
import dev.durable.runtime.internal.lineage.ContinueAsNew;
import dev.durable.runtime.internal.model.CheckpointKind;
import dev.durable.runtime.internal.model.CheckpointRecord;
import dev.durable.runtime.internal.model.NewEvent;
import dev.durable.runtime.internal.model.Resumption;
import dev.durable.runtime.internal.model.RunChange;
import dev.durable.runtime.internal.model.RunRecord;
import dev.durable.runtime.internal.ops.RunStatuses;
import dev.durable.runtime.internal.run.InFlight;
import dev.durable.runtime.internal.run.ProgressBuffer;
import dev.durable.runtime.internal.run.ProgressWrites;
import dev.durable.runtime.internal.run.RunStarts;
import dev.durable.runtime.internal.signal.SignalWaits;
import dev.durable.runtime.internal.time.Jitter;
import dev.durable.runtime.internal.values.RecordedAttributes;
import dev.durable.runtime.internal.values.RunValueWrites;
import dev.durable.runtime.internal.wake.PollLoop;
import dev.durable.runtime.spi.SignalBody;
import dev.durable.runtime.spi.SignalType;
import dev.durable.runtime.spi.StepBody;
import dev.durable.runtime.spi.StepCall;
import dev.durable.runtime.spi.StepType;
import dev.durable.runtime.spi.Turn;
import dev.durable.runtime.spi.WorkflowRuns;
import dev.durable.runtime.spi.WorkflowType;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Random;
import java.util.UUID;

/**
 * One turn of a run: an execution of its {@code @Run} method from the top. Step calls, timers and
 * the values the context records ({@link RecordedValues}) are matched to the run's checkpoints by
 * position and name ({@link ReplayLog}); a completed step answers with its recorded result, a
 * failed one with its recorded failure, and the first step without an outcome is executed, with
 * retries ({@link LocalAttempts}), and its outcome recorded. Dispatched steps and the branches of
 * fans and groups share one path ({@link Fans}, with {@link DispatchedSteps} watching the tasks);
 * child runs and the waits for them are {@link Children}. Progress reaches the store through the
 * {@link ProgressBuffer}, which holds a completed step's checkpoint back until the turn's next side
 * effect; {@link TurnControl} says whether and why the turn stopped.
 *
 * <p>When a retry must wait, a turn that may suspend durably records the run as sleeping until the
 * next attempt and stops; one that may not (under {@code tick()}) waits in process.
 *
 * <p>Concurrency. A turn runs on one thread, the turn's, except while a fan or group runs its local
 * branches: each then makes its attempts on a step thread of its own, and the turn's thread waits
 * for them all before it goes on. So:
 * <ul>
 *   <li>the held checkpoints, events and completions are guarded by the {@link ProgressBuffer}'s
 *       lock, and a commit is made under it; the {@link ReplayLog} guards its list with a lock of
 *       its own;
 *   <li>the position counter here, and the state of the branches' current pass in {@link Fans}
 *       and {@link DispatchedSteps}, belong to the turn's thread alone;
 *   <li>the turn's stop is volatile: set once, under {@link TurnControl}'s lock, by whichever
 *       thread stops the turn first, and read by every thread;
 *   <li>no users' code runs under a lock: hooks are called after it is released (those of the
 *       steps a commit completed, once the commit is made), and a result is validated and encoded
 *       before its checkpoint is held.
 * </ul>
 */
public final class TurnImpl implements Turn, WorkflowContext, WorkflowRuns.Access {

  private final TurnContext context;
  private final RunRecord run;
  private final ReplayLog log;
  private final ProgressBuffer progress;
  private final TurnControl control;
  private final StepResults results;
  private final LocalAttempts attempts;
  private final Fans fans;
  private final Children children;
  private final RecordedValues values;
  private final SignalWaits signals;
  private final RecordedAttributes attributes;
  private final RunValueWrites published;
  private final DurableSleeps sleeps;
  private final CompensationPlans plans;
  private final Compensations compensations = new Compensations();
  private final boolean maySuspend;
  private int nextSeq;

  /**
   * A turn of {@code run} on this engine.
   *
   * @param writes where the turn's progress goes ({@link ProgressBuffer})
   * @param runner runs the attempts of the steps executed here, and forks a fan's branches
   * @param queues the queue slots a step attempt takes
   * @param jitter spreads the retries' backoff delays
   * @param poll the engine's poll for due runs, stopped once the engine closes
   * @param starts starts the run's child runs
   * @param statuses reads the statuses of the run's child runs
   * @param interruptions the step attempts that may have run on the engine the run was taken over
   *     from, recorded as this turn reaches them
   * @param maySuspend whether retries may suspend the run in storage or must wait in process
   * @param replayOnly whether the turn only replays its checkpoints ({@link Replays}): it stops,
   *     {@link TurnStop.Reason#REPLAYED}, where it would execute, wait or write, and checks besides
   *     that the arguments each step recorded still decode into its parameters' types
   */
  TurnImpl(
      TurnContext context,
      ProgressWrites writes,
      AttemptRunner runner,
      Queues queues,
      Jitter jitter,
      PollLoop poll,
      RunStarts starts,
      RunStatuses statuses,
      RunRecord run,
      Resumption resumption,
      Interruptions interruptions,
      boolean maySuspend,
      InFlight.Run flight,
      boolean replayOnly) {
    this.context = context;
    this.run = run;
    this.maySuspend = maySuspend;
    this.log = new ReplayLog(
        run.runId(), run.workflow(), resumption.checkpoints(), context.payloads(), replayOnly);
    this.progress = new ProgressBuffer(writes, context.hooks(), run, log::written);
    this.control =
        new TurnControl(context.time(), context.wakeups(), poll, run, flight, progress, replayOnly);
    StepHooks hooks = new StepHooks(context.hooks(), context.time(), run);
    this.results = new StepResults(context, run, log, progress, control, hooks);
    TurnScope scope =
        new TurnScope(run, log, control, progress, results, hooks, interruptions);
    this.attempts =
        new LocalAttempts(context, scope, runner, queues, jitter, flight, maySuspend);
    this.fans = new Fans(context, scope, runner, attempts,
        new DispatchedSteps(context, scope, jitter, resumption.waitingTasks()), maySuspend);
    this.children = new Children(context, scope, starts, statuses, () -> nextSeq++, this::flush,
        new ContinueAsNew(this, run, starts, control, this::flush));
    this.values = new RecordedValues(context, scope);
    this.signals = new SignalWaits(context, scope);
    this.attributes = new RecordedAttributes(context.attributes(), scope, values);
    this.published = new RunValueWrites(context, scope);
    this.sleeps = new DurableSleeps(context, scope);
    this.plans = new CompensationPlans(values, control, run, context.time());
  }

  // ---- WorkflowContext

  @Override
  public String runId() {
    return run.runId();
  }

  @Override
  public String workflowName() {
    return run.workflow().name();
  }

  @Override
  public String workflowVersion() {
    return run.workflow().version();
  }

  @Override
  public boolean isReplaying() {
    return nextSeq < log.size();
  }

  @Override
  public Instant now() {
    control.throwIfStopped();
    return values.now(nextSeq++);
  }

  @Override
  public UUID randomUUID() {
    control.throwIfStopped();
    return values.randomUUID(nextSeq++);
  }

  @Override
  public Random random() {
    control.throwIfStopped();
    return values.random(nextSeq++);
  }

  @Override
  public boolean patched(String patchId) {
    control.throwIfStopped();
    if (!values.patched(nextSeq, patchId)) {
      return false; // the run passed this point without the patch: it takes no position
    }
    nextSeq++;
    return true;
  }

  @Override
  public void attribute(String key, String value) {
    control.throwIfStopped();
    attributes.record(nextSeq, key, value); // throws, if it does, before taking the position
    nextSeq++;
  }

  @Override
  public String signalToken(String signal) {
    control.throwIfStopped();
    return signals.token(nextSeq++, signal, null, values);
  }

  @Override
  public String signalToken(String signal, Duration validFor) {
    control.throwIfStopped();
    return signals.token(nextSeq++, signal, Objects.requireNonNull(validFor, "validFor"), values);
  }

  @Override
  public void sleep(Duration duration) {
    control.throwIfStopped();
    if (!duration.isZero() && !duration.isNegative()) {
      sleeps.sleep(nextSeq++, duration);
    }
  }

  // ---- child runs

  @Override
  public <R> WorkflowRuns<R> runs(WorkflowType<R> type) {
    return children.of(type);
  }

  // ---- Turn

  @Override
  public <T> T step(StepType<T> step, Object[] args, StepBody<T> body) {
    control.throwIfStopped();
    int seq = nextSeq++;
    CheckpointRecord recorded =
        control.replayed(() -> log.matchStep(seq, CheckpointKind.STEP, step, args));
    T result;
    if (recorded == null) {
      flush();
      result = attempts.run(step, args, body, seq, 1, null, context.time().now(), maySuspend);
    } else {
      switch (recorded.status()) {
        case COMPLETED:
          result = results.recorded(step, recorded);
          break;
        case FAILED:
          throw new StepFailedException(recorded.error(), recorded.attempts(), null);
        case RETRYING:
        case RUNNING:
        case PENDING:
          attempts.awaitNextAttempt(recorded.wakeAt());
          result = attempts.run(step, args, body, seq, recorded.attempts() + 1, recorded,
              recorded.startedAt(), maySuspend);
          break;
        default:
          throw new IllegalStateException("unknown step state " + recorded.status());
      }
    }
    compensations.completed(step, seq, args, result);
    return result;
  }

  @Override
  @SuppressWarnings("unchecked")
  public <T> T dispatch(StepType<T> step, Object[] args) {
    return (T) branches(List.of(new StepCall(step, args, null)), false).get(0);
  }

  @Override
  public List<Object> parallel(List<StepCall> calls) {
    return branches(calls, true);
  }

  @Override
  public <T> T signal(SignalType<T> signal, Duration wait, SignalBody<T> onTimeout) {
    control.throwIfStopped();
    return signals.await(nextSeq++, signal, wait, onTimeout);
  }

  private List<Object> branches(List<StepCall> calls, boolean group) {
    control.throwIfStopped();
    int base = nextSeq;
    nextSeq += calls.size();
    return fans.run(calls, base, group, compensations);
  }

  // ---- failure handling

  /**
   * The compensations due now that the run failed for good: its completed steps that have one, the
   * last completed first. Steps completed from now on (by the compensations and the clean-up) are
   * not noted.
   */
  List<Compensations.Due> compensationsDue() {
    return compensations.close();
  }

  /**
   * Records, at the next position, that the handling of {@code failure} begins: the marker with
   * the plan to undo {@code due} (see {@link Compensations}). On a replay, checks that the
   * workflow plans what the run recorded, and stops the turn, failing the run, if not.
   */
  void beginFailureHandling(RunError failure, List<Compensations.Due> due) {
    control.throwIfStopped();
    plans.record(nextSeq++, failure, due);
  }

  // ---- ending the turn

  /** Writes the held checkpoints of steps, if any: the next side effect may not run before. */
  private void flush() {
    if (progress.holdsSteps()) {
      control.write(RunChange.TOUCH, List.of(), List.of());
    }
  }

  /**
   * Ends the turn by writing {@code change} to the run together with the held checkpoints: a run's
   * completion or failure rides on its last checkpoint.
   *
   * @return whether it was written (false: the run's epoch moved on)
   * @throws StoreException if the store failed
   */
  public boolean finish(RunChange change, List<NewEvent> events) {
    return progress.write(change, List.of(), events, List.of());
  }

  /** Writes the held checkpoints before the turn is abandoned, if the store lets it. */
  public void flushQuietly() {
    try {
      flush();
    } catch (TurnStop ignored) {
      // the steps run again when the run is picked up
    }
  }

  /** The position of the workflow's next call: how many positions the turn has gone through. */
  public int position() {
    return nextSeq;
  }

  /** The checkpoint recorded at {@code seq}, or null if none was. */
  CheckpointRecord recordedAt(int seq) {
    return log.at(seq);
  }

  /** Why the turn stopped early, if it did; checked after the workflow returns or throws. */
  public Optional<TurnStop> stopped() {
    return control.stopped();
  }

  // ---- events and streams: recorded at their positions (RunValueWrites)

  @Override
  public void setEvent(String key, Object value) {
    nextSeq = published.setEvent(nextSeq, key, value);
  }

  @Override
  public void writeStream(String key, Object value) {
    nextSeq = published.writeStream(nextSeq, key, value);
  }

  @Override
  public void closeStream(String key) {
    nextSeq = published.closeStream(nextSeq, key);
  }
}
