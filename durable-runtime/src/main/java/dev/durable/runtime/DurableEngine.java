package dev.durable.runtime;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.core.instrument.MeterRegistry;
import io.opentelemetry.api.OpenTelemetry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * Executes durable workflow runs against a JDBC store.
 *
 * <pre>{@code
 * try (DurableEngine engine = DurableEngine.builder()
 *         .register(new CheckoutWorkflowDurable(pricing))
 *         .build()) {
 *   engine.start();
 *   RunHandle<String> run = CheckoutWorkflowClient.of(engine).start(order);
 *   String chargeId = run.await(Duration.ofMinutes(1));
 * }
 * }</pre>
 *
 * <p>An engine that was {@linkplain #start() started} polls the store in the background and runs
 * what is due. One that was not is driven by {@link #tick()}, which tests and scripts use.
 */
public interface DurableEngine extends AutoCloseable {

  /** The JDBC URL used when none is set: an H2 file database under the working directory. */
  String DEFAULT_JDBC_URL = StoreConfig.DEFAULT_JDBC_URL;

  /** The payload limit used when none is set: 1 MiB. See {@link Builder#maxPayloadBytes(int)}. */
  int DEFAULT_MAX_PAYLOAD_BYTES = EngineConfig.DEFAULT_MAX_PAYLOAD_BYTES;

  /** How many fire times {@link #schedules()} lists per schedule. */
  int LISTED_FIRE_TIMES = 5;

  /** A builder for an engine; {@link Builder#build()} migrates the store's schema. */
  static Builder builder() {
    return new Builder();
  }

  /** Starts background execution (polls, timers, lease renewals); returns at once; idempotent. */
  void start();

  /**
   * Runs, on the calling thread, every due run of a registered workflow until none is: retries wait
   * out their backoff in process, runs that go to sleep are left sleeping. Returns the turns run.
   */
  int tick();

  /**
   * The runs {@code filter} matches, newest first (by start, then by id), at most {@link
   * RunFilter#limit()}; the next page is {@code listRuns(filter.after(lastRunOfThisPage))}. Runs of
   * every workflow and version stored are listed, registered with this engine or not.
   */
  List<RunInfo> listRuns(RunFilter filter);

  /**
   * Sends signal {@code signalName} to run {@code runId}, its value given as JSON text: what an
   * operator tool sends. When the run's workflow version is registered with this engine, the
   * signal's name and the value's fit are checked here; else the value is stored as given, and the
   * run's wait, which reads it with the signal's type, sets aside one that does not fit (the run's
   * history says so, {@code signal.rejected}) and waits on. In code, prefer the client's typed
   * method.
   *
   * @throws InvalidInputException if {@code json} is not JSON or too large, or (when this engine
   *     has the run's workflow version) names no signal of it or does not fit; nothing was stored
   * @throws UnknownRunException if no such run is stored
   * @throws RunEndedException if the run has ended
   */
  void signal(String runId, String signalName, String json);

  /** The dispatched tasks of run {@code runId}, in the order of its steps and attempts. */
  List<TaskInfo> tasks(String runId);

  /** The steps served by workers that have open tasks: how many are queued and running. */
  List<TaskQueueInfo> taskQueues();

  /** Every queue of runs declared or started through, by name: depth, running runs, limits. */
  List<QueueInfo> queues();

  /** The workers that hold a task, or finished one in the last hour, most recently seen first. */
  List<WorkerInfo> workers();

  /** This engine's triggers, in the order registered: what each did since it was made. */
  List<TriggerInfo> triggers();

  /** Runs started and ended per bucket since {@code from}, and stuck runs: see {@link Overview}. */
  Overview overview(Instant from, Duration bucket);

  /**
   * Whether run {@code runId} is stuck, by the rule {@link #overview} lists stuck runs by: it has
   * waited more than {@link Overview#OVERDUE} past its time, and since when. Its {@link
   * RunInfo#status()} says for what ({@link Overview.Stuck}): a {@link RunState#RUNNING} run, for
   * instance, is held by an engine ({@link RunInfo#owner()}) whose lease ended unrenewed, and no
   * engine has taken it over. Empty while it is not stuck.
   *
   * @throws UnknownRunException if no such run is stored
   */
  Optional<Overview.Stuck> stuck(String runId);

  /** Open tasks with no sign of life for {@code silence} or more, oldest first (to redispatch). */
  List<TaskInfo> silentTasks(Duration silence);

  /** Every schedule stored, whoever registered it, with its next fire times; see schedules(). */
  List<StoredSchedule> storedSchedules();

  /**
   * Retries a failed run: the steps that failed it get a fresh retry budget, completed steps are
   * not run again (a run set aside because this engine's payload codec could not decode its
   * payloads, error code {@code payload_codec}, is taken up at once as it was); a run whose
   * compensation failed goes on with its compensations where they stopped, and one cleaned up by
   * {@code @OnFailure} alone is retried as if it had not been.
   *
   * @throws UnknownRunException if no such run is stored
   * @throws IllegalStateException if the run has not failed, or if it failed and its completed
   *     steps were compensated (a retry would go on from effects that are undone)
   */
  void requeue(String runId);

  /**
   * Re-drives a run's dispatched steps whose tasks are stuck: queued or claimed by a worker that
   * never answered. Each such task is given up as lost (its worker can no longer store an outcome)
   * and queued again as a new delivery of the same attempt ({@code step.redispatched} in the log).
   * Returns how many; throws {@link UnknownRunException} if no such run is stored.
   */
  int redispatchPending(String runId);

  /**
   * Cancels a run that has not ended ({@link RunState#ENQUEUED} included: it is never admitted). A
   * step attempt it is making is cancelled as a timeout cancels one ({@link StepContext} fires, its
   * thread is interrupted): at once on this engine; on another at once on PostgreSQL (notified),
   * else at its next lease renewal. Its dispatched steps' open tasks are given up: a worker serving
   * one learns it at its next heartbeat.
   *
   * @return whether the run was cancelled now; false if it had already ended
   * @throws UnknownRunException if no such run is stored
   * @throws IllegalStateException if it failed and is compensating: it ends once that is done
   */
  boolean cancel(String runId);

  /**
   * Starts a fork of run {@code runId}: a new run of its workflow, version and input whose
   * positions before {@code position} replay what the run recorded there (its checkpoints are
   * copied), and whose later positions run with the code deployed now. {@link
   * RunInfo#forkedFrom()} and its history ({@code run.forked}) say where it comes from; {@link
   * RunFilter.Builder#forkedFrom} lists a run's forks.
   *
   * @return the new run's id
   * @throws UnknownRunException if no such run is stored
   * @throws IllegalArgumentException if {@code position} is negative, past the run's recorded
   *     positions, or past one that has not ended; nothing was stored
   */
  String fork(String runId, int position);

  /**
   * Pauses a run that has not ended: from the call on it is {@link RunState#PAUSED} on every
   * engine, across restarts, and none starts a step, sleep, child or task of it. A step in flight
   * finishes and is recorded (or is cut at its timeout); the engine executing it stops its turn
   * then (at once on this engine and, on PostgreSQL, on the others; else at their next lease
   * renewal). Signals sent meanwhile are kept, timers that come due fire after {@link #resume},
   * its children go on unless paused themselves, and a run admitted through a queue gives its slot
   * back. {@link #cancel} works on a paused run.
   *
   * @return true if the run is paused now, also if it was already; false if it has ended
   * @throws UnknownRunException if no such run is stored
   */
  boolean pause(String runId);

  /**
   * Pauses every run {@code filter} matches that has not ended, as {@link #pause(String)} pauses
   * one: page after page of at most {@link RunFilter#MAX_LIMIT} runs, in the filter's order (its
   * own limit is not applied), each page in one short transaction.
   *
   * @return how many runs were paused now (not those paused before)
   */
  int pause(RunFilter filter);

  /**
   * Resumes a paused run where it was: due at once (timers that came due meanwhile fire), or, if
   * it was started through a queue, waiting for the queue's admission again ({@link
   * RunState#ENQUEUED}).
   *
   * @return false if the run is not paused
   * @throws UnknownRunException if no such run is stored
   */
  boolean resume(String runId);

  /**
   * Pauses a queue declared by an engine ({@link Queue}): from the call on no engine admits a run
   * through it, and a step attempt that needs one of its slots waits as it waits for a full queue
   * (an engine reads which queues are paused at most once a second); what is running finishes.
   * Its depth keeps growing ({@link QueueInfo#paused()}, {@link #queues()}).
   *
   * @return true if it was paused now; false if it already was
   * @throws IllegalArgumentException if no engine declared a queue of that name
   */
  boolean pauseQueue(String queue);

  /**
   * Sends the signal a token names ({@link WorkflowContext#signalToken}) to its run, with {@code
   * json} as its value, and uses the token up: as {@link #signal} does, once.
   *
   * @throws IllegalArgumentException if the token is not one an engine of this store made (forged,
   *     altered, cut short), or its run is gone: the same answer for either, so that none tells a
   *     caller whether a run exists
   * @throws SignalTokenUsedException if it was used already (also after its expiry)
   * @throws SignalTokenExpiredException if it expired, or its run has ended
   * @throws dev.durable.runtime.codec.PayloadException if {@code json} is not JSON or not of the
   *     signal's type; the token is not used up
   */
  void signalWithToken(String token, String json);

  /**
   * Resumes a paused queue: engines admit its runs again, by their limits.
   *
   * @return true if it was paused; false if it was not
   * @throws IllegalArgumentException if no engine declared a queue of that name
   */
  boolean resumeQueue(String queue);

  /** A snapshot of a run and its steps; throws {@link UnknownRunException} if none is stored. */
  RunStatus getRunStatus(String runId);

  /**
   * The {@code @Schedule}s of the workflows registered here (which it fires, started or by {@link
   * #tick()}), each with its next {@value #LISTED_FIRE_TIMES} fire times by the engine's clock; a
   * fire's run has the id {@link ScheduleInfo#runId} gives, its {@link RunInfo#scheduledAt()}.
   */
  List<ScheduleInfo> schedules();

  /** The run's event log, oldest first: every transition it went through. */
  List<HistoryEvent> history(String runId);

  /**
   * The runs with these ids, in order, with every checkpoint a replay reads and their history: what
   * {@code WorkflowReplayer} replays before a deploy ({@link RunExport#writeTo} makes it a file).
   * Needs no workflow registered; throws {@link UnknownRunException} if one is not stored.
   */
  RunExport export(Collection<String> runIds);

  /** {@link #export(Collection)} of the runs {@code filter} matches: newest first, at most its limit. */
  RunExport export(RunFilter filter);

  /**
   * The shapes stored of workflow {@code workflowName}'s versions, ordered by version text: each
   * engine stores those of the versions it registers (from the processor's {@code WORKFLOW}
   * constant) when it is built. Needs no workflow registered; empty if none was stored.
   */
  List<WorkflowShape> workflowShapes(String workflowName);

  /** The stored shape of {@code workflowName} at {@code version}; see {@link #workflowShapes}. */
  default Optional<WorkflowShape> workflowShape(String workflowName, String version) {
    return workflowShapes(workflowName).stream().filter(s -> s.version().equals(version))
        .findFirst();
  }

  /**
   * Deletes every run that ended before {@code endedBefore}, with all its rows, but not a finished
   * child whose parent has not ended, 500 runs per transaction (several may purge at once); returns
   * how many. {@link Builder#retention} has an engine do it.
   */
  int purge(Instant endedBefore);

  /**
   * How the stored texts (payloads, error messages, history details) are encoded: how many under
   * each codec and key, by the label stored with them ({@code gzip+aes-gcm, key k2}), and how many
   * as {@code plain} (stored without a codec); sorted by label. Reads every row that holds
   * one: a command for operators, not for a hot path.
   */
  Map<String, Long> payloadEncodings();

  /**
   * Encodes every stored text that a codec encoded otherwise than this engine's codec does with its
   * current key anew (decoded with any key the codec holds), {@code batchSize} rows of a table at a
   * time, while runs go on: to rotate keys (make the new key current, keep the old one readable,
   * re-encode, then drop the old one). What was stored plain, before a codec was turned on, stays
   * plain (it still reads): those columns hold the engine's own records beside the payloads.
   *
   * @throws IllegalStateException if the engine has no payload codec
   * @throws IllegalArgumentException if {@code batchSize} is not positive
   */
  PayloadReencoding reencodePayloads(int batchSize);

  /** This engine's id, as stored on the runs it leases. */
  String engineId();

  /** Stops: waits up to the shutdown timeout for turns in flight, frees leases, closes the pool. */
  @Override
  void close();

  /**
   * Configures and builds a {@link DurableEngine}. The store's options ({@code jdbcUrl}, {@code
   * dataSource}, {@code schema}, {@code migrate}, {@code pollOnly}...) are those of {@link
   * DurableWorker.Builder} too, and its flow control is {@code queue} and {@code
   * maxConcurrentRuns}: each written once, in a class of its own.
   */
  final class Builder extends RunningOptions<Builder> {
    Builder() {}

    /** A private in-memory H2 database, gone when the engine closes: for tests. */
    public Builder inMemory() {
      return jdbcUrl("jdbc:h2:mem:durable-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
    }

    /**
     * Registers a workflow: an instance of its generated {@code <Name>Durable} class. One instance
     * serves every run. Registering a workflow that discovery also finds is fine: this one wins.
     */
    public Builder register(WorkflowDefinition workflow) {
      draft.workflows.add(Objects.requireNonNull(workflow, "workflow"));
      return this;
    }

    /** Whether to also register the no-argument workflows their services entries name; true. */
    public Builder discover(boolean discover) {
      draft.discover = discover;
      return this;
    }

    /** The clock of timers, backoff and leases; a {@code TestClock} passes hours in tests. */
    public Builder clock(Clock clock) {
      draft.clock = Objects.requireNonNull(clock, "clock");
      return this;
    }

    /** Adds hooks called as runs progress. */
    public Builder hooks(DurableHooks hooks) {
      draft.hooks.add(Objects.requireNonNull(hooks, "hooks"));
      return this;
    }

    /**
     * The Jackson mapper that stores inputs, outputs and step results; by default {@link
     * dev.durable.runtime.codec.Payloads#defaultMapper()}, whose settings {@link
     * EngineConfig#objectMapper()} tells.
     */
    public Builder objectMapper(ObjectMapper objectMapper) {
      draft.objectMapper = Objects.requireNonNull(objectMapper, "objectMapper");
      return this;
    }

    /** This engine's id, stored on the runs it leases; by default host, process and a random part. */
    public Builder engineId(String engineId) {
      draft.engineId = Objects.requireNonNull(engineId, "engineId");
      return this;
    }

    /**
     * The longest value stored, in UTF-8 bytes of its JSON; {@value
     * DurableEngine#DEFAULT_MAX_PAYLOAD_BYTES} bytes (1 MiB) by default, at most 256 MiB. See
     * {@link EngineConfig#maxPayloadBytes()} for what it covers and what a larger value does.
     */
    public Builder maxPayloadBytes(int maxPayloadBytes) {
      draft.maxPayloadBytes = EngineConfig.requirePayloadLimit(maxPayloadBytes);
      return this;
    }

    /**
     * Reports the engine's metrics (docs/guide/17-running-the-engine.md) to a Micrometer
     * registry, an optional dependency: without this call no Micrometer class is needed.
     */
    public Builder meterRegistry(MeterRegistry meterRegistry) {
      draft.meterRegistry = Objects.requireNonNull(meterRegistry, "meterRegistry");
      return this;
    }

    /**
     * Records spans with OpenTelemetry: a run's start, each turn and each local step's attempt, a
     * run in one trace (docs/guide/17-running-the-engine.md); a dispatched step's task carries its
     * turn's {@code traceparent} to a worker given {@link DurableWorker.Builder#openTelemetry}. The
     * dependency ({@code io.opentelemetry:opentelemetry-api}) is optional: without this call the
     * engine records no span and needs no OpenTelemetry class.
     */
    public Builder openTelemetry(OpenTelemetry openTelemetry) {
      draft.openTelemetry = Objects.requireNonNull(openTelemetry, "openTelemetry");
      return this;
    }

    /**
     * Builds the engine: opens the store and migrates its schema. The engine does not execute
     * anything until {@link DurableEngine#start()} or {@link DurableEngine#tick()}.
     */
    public DurableEngine build() {
      return Providers.load(Factory.class).create(draft.freeze(storeSettings()));
    }
  }

  /** Makes engines: what {@link Builder#build()} finds in {@code META-INF/services}. */
  interface Factory {
    /** Opens the store, migrates its schema, and makes an engine that is not started yet. */
    DurableEngine create(EngineConfig config);
  }
}
