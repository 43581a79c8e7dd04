package dev.durable.test;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.DurableWorker;
import dev.durable.runtime.RunFilter;
import dev.durable.runtime.RunInfo;
import dev.durable.runtime.RunState;
import dev.durable.runtime.ScheduleInfo;
import dev.durable.runtime.codec.Payloads;
import dev.durable.runtime.spi.DurableWorkflow;
import dev.durable.runtime.testing.StepFaults;
import dev.durable.runtime.testing.TestClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.opentest4j.AssertionFailedError;

/**
 * One test's durable world: an engine on a private in-memory H2 database with empty tables, in-process workers
 * on the same database, and a {@link TestClock} that only moves when the test moves it. Nothing
 * runs in the background: {@link #runUntilIdle()} and {@link #advance(Duration)} drive the engine
 * and the workers on the test's thread, so a test reads as a script of what happens when.
 *
 * <pre>{@code
 * @DurableTest
 * class CheckoutWorkflowTest {
 *   @Test
 *   void chargesOnceThePricingServiceAnswers(DurableTestEnv env) {
 *     env.register(new CheckoutWorkflowDurable(pricing, payments, carrier));
 *     RunHandle<String> run = CheckoutWorkflowClient.of(env.engine()).start(order);
 *     env.runUntilIdle();                       // runs until the workflow sleeps
 *     env.advance(Duration.ofMinutes(30));      // the durable sleep is over
 *     assertEquals("charged ...", run.await(Duration.ofSeconds(1)));
 *   }
 * }
 * }</pre>
 *
 * <p>{@link DurableTest} gives each test method an env of its own and closes it after the test;
 * {@link #create()} makes one by hand (close it yourself). Register the workflows and configure the
 * engine before the engine is first used ({@link #engine()}, {@link #runUntilIdle()}, ...): it is
 * built then. Not thread-safe: drive an env from the test's thread.
 */
public final class DurableTestEnv implements AutoCloseable {

  /** Where the clock of every env stands at first, so that tests see the same instants each run. */
  public static final Instant START = Instant.parse("2030-01-01T00:00:00Z");

  /** How many rounds {@link #runUntilIdle()} makes, by default, before it gives up. */
  public static final int DEFAULT_MAX_ROUNDS = 1_000;

  private final String jdbcUrl = Databases.take();
  private final TestClock clock = TestClock.at(START);
  private final StepFaults faults = new StepFaults();
  private final List<DurableWorkflow<?>> workflows = new ArrayList<>();
  private final List<Consumer<DurableEngine.Builder>> engineSettings = new ArrayList<>();
  private final List<DurableWorker> workers = new ArrayList<>();
  private final Set<String> faultedSteps = new LinkedHashSet<>();
  private ObjectMapper mapper = Payloads.defaultMapper();
  private int maxRounds = DEFAULT_MAX_ROUNDS;
  private DurableEngine engine;
  private boolean closed;

  private DurableTestEnv() {}

  /** A fresh env, for use without {@link DurableTest}: close it when the test ends. */
  public static DurableTestEnv create() {
    return new DurableTestEnv();
  }

  /**
   * Registers a workflow with the engine: an instance of its generated {@code <Name>Durable} class,
   * which may take the test's fakes. Only registered workflows run: the engine discovers none.
   *
   * @throws IllegalStateException if the engine was built already
   */
  public DurableTestEnv register(DurableWorkflow<?> workflow) {
    requireNotBuilt("register a workflow");
    workflows.add(Objects.requireNonNull(workflow, "workflow"));
    return this;
  }

  /**
   * Adds engine settings to apply when the engine is built: hooks, flow-control queues, a payload
   * limit, discovery. The env's own settings (the database, the clock, fault injection, the object
   * mapper) are applied after these, and win.
   *
   * @throws IllegalStateException if the engine was built already
   */
  public DurableTestEnv configureEngine(Consumer<DurableEngine.Builder> settings) {
    requireNotBuilt("configure the engine");
    engineSettings.add(Objects.requireNonNull(settings, "settings"));
    return this;
  }

  /**
   * The Jackson mapper of the engine, the workers and {@link #signal}; {@link
   * Payloads#defaultMapper()} unless set.
   *
   * @throws IllegalStateException if the engine or a worker was built already
   */
  public DurableTestEnv objectMapper(ObjectMapper objectMapper) {
    requireNotBuilt("set the object mapper");
    if (!workers.isEmpty()) {
      throw new IllegalStateException(
          "set the object mapper before the first worker(...): the workers use it too");
    }
    this.mapper = Objects.requireNonNull(objectMapper, "objectMapper");
    return this;
  }

  /**
   * How many rounds (an engine tick, then a tick of every worker) {@link #runUntilIdle()} makes at
   * most before it fails; {@value #DEFAULT_MAX_ROUNDS} unless set.
   */
  public DurableTestEnv maxRounds(int maxRounds) {
    if (maxRounds < 1) {
      throw new IllegalArgumentException("maxRounds must be at least 1, but was " + maxRounds);
    }
    this.maxRounds = maxRounds;
    return this;
  }

  /**
   * The engine, built on first use: on this env's database and clock, with the registered
   * workflows, not started (the env drives it). Start runs through it, or through a generated
   * client: {@code CheckoutWorkflowClient.of(env.engine()).start(order)}.
   */
  public DurableEngine engine() {
    requireOpen();
    if (engine == null) {
      DurableEngine.Builder builder = DurableEngine.builder().discover(false);
      workflows.forEach(builder::register);
      engineSettings.forEach(settings -> settings.accept(builder));
      engine = builder.jdbcUrl(jdbcUrl).clock(clock).objectMapper(mapper).build();
      faults.injectInto(engine);
    }
    return engine;
  }

  /** The clock of the engine and the workers; {@link #advance(Duration)} moves it and runs. */
  public TestClock clock() {
    return clock;
  }

  /**
   * The JDBC URL of this env's database, to open more engines or tools on it; close them before
   * the env closes.
   */
  public String jdbcUrl() {
    return jdbcUrl;
  }

  /**
   * Adds an in-process worker on this env's database, configured by {@code serving}: {@code
   * env.worker(w -> w.serve(RateStepsWorker.of(rates)))}. It is not started: {@link
   * #runUntilIdle()} has it serve what is queued. Its database, clock, fault injection and object
   * mapper are the env's.
   */
  public DurableWorker worker(Consumer<DurableWorker.Builder> serving) {
    requireOpen();
    DurableWorker.Builder builder = DurableWorker.builder();
    serving.accept(builder);
    DurableWorker worker = builder.jdbcUrl(jdbcUrl).clock(clock).objectMapper(mapper).build();
    faults.injectInto(worker);
    workers.add(worker);
    return worker;
  }

  /**
   * Makes the next attempt of step {@code step} throw {@code error} instead of running, whether it
   * runs in the engine or on a worker; it counts as an attempt like any other. Called again for the
   * same step, the following attempts throw the errors given, in order.
   *
   * @param step the step's name as stored: the method's name, or its {@code @Step(name = ...)}
   */
  public DurableTestEnv failNextAttempt(String step, Exception error) {
    faults.failNextAttempt(step, error);
    faultedSteps.add(step);
    return this;
  }

  /**
   * Fails if an error given to {@link #failNextAttempt} was never thrown: no attempt of its step
   * began, which a misspelt step name also causes. {@link DurableTest} checks this after each test.
   *
   * @throws AssertionFailedError naming the steps
   */
  public void requireInjectedFailuresThrown() {
    List<String> unused = faultedSteps.stream().filter(step -> faults.pending(step) > 0).toList();
    if (!unused.isEmpty()) {
      throw new AssertionFailedError("failNextAttempt(...) injected an error that no attempt threw,"
          + " for step(s) " + unused + ": none of their attempts began after it. Check the name:"
          + " a step is named as stored, by its method's name or its @Step(name = ...)");
    }
  }

  /**
   * Sends signal {@code signal} with {@code value} to run {@code runId}, as the generated client's
   * signal method does; the run takes it at the next {@link #runUntilIdle()}.
   */
  public void signal(String runId, String signal, Object value) {
    String json;
    try {
      json = mapper.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(
          "the value of signal '" + signal + "' cannot be written as JSON: "
              + e.getOriginalMessage(), e);
    }
    engine().signal(runId, signal, json);
  }

  /** Run {@code runId}'s history, to assert on. */
  public RunHistory history(String runId) {
    return new RunHistory(runId, engine().history(runId));
  }

  /**
   * Drives the engine and the workers until nothing is due now: an engine tick (every run due
   * now, a retrying step's backoff passed by moving the clock), then a tick of every worker (every
   * task queued now), again, until a round's workers found nothing to serve. Runs waiting for a
   * later time, a signal or a task no worker here serves are left waiting.
   *
   * @return how many turns and tasks ran
   * @throws AssertionFailedError if still busy after {@link #maxRounds} rounds: a run that never
   *     waits keeps the engine and the workers busy for ever
   */
  public int runUntilIdle() {
    DurableEngine engine = engine();
    int done = 0;
    for (int round = 1; round <= maxRounds; round++) {
      int turns = engine.tick();
      int tasks = 0;
      for (DurableWorker worker : workers) {
        tasks += worker.tick();
      }
      done += turns + tasks;
      if (tasks == 0) {
        return done;
      }
    }
    throw new AssertionFailedError("runUntilIdle() found work still due after " + maxRounds
        + " rounds of engine and worker ticks: a run that never waits for time or a signal (a"
        + " loop of dispatched steps?) keeps them busy. Runs not ended: " + describe(unended())
        + ". Fix the loop, or raise the bound with env.maxRounds(n) if this many rounds are"
        + " expected.");
  }

  /**
   * Moves the clock forward by {@code duration}, running what comes due on the way, in order: at
   * each wake-up time of a sleeping run (a durable timer, a backoff, a signal wait's end) and at
   * each fire time of a schedule, up to the end, it stops the clock and {@link #runUntilIdle()}s,
   * so that a sleep that follows another sleep comes due on time too.
   *
   * @return the clock's time afterwards
   */
  public Instant advance(Duration duration) {
    if (duration.isNegative()) {
      throw new IllegalArgumentException("time only moves forward, but was asked " + duration);
    }
    Instant end = clock.instant().plus(duration);
    runUntilIdle();
    for (Optional<Instant> next = nextWakeUp(); next.isPresent() && !next.get().isAfter(end);
        next = nextWakeUp()) {
      clock.advanceTo(next.get());
      runUntilIdle();
    }
    clock.advanceTo(end);
    runUntilIdle();
    return clock.instant();
  }

  /** The earliest time after now that a sleeping run wakes or a schedule fires, if any. */
  private Optional<Instant> nextWakeUp() {
    Instant now = clock.instant();
    List<Instant> times = new ArrayList<>();
    for (RunInfo run : runs(RunFilter.builder().status(RunState.SLEEPING))) {
      if (run.wakeAt() != null) {
        times.add(run.wakeAt());
      }
    }
    for (ScheduleInfo schedule : engine().schedules()) {
      times.addAll(schedule.nextFireTimes().stream().limit(1).toList());
    }
    return times.stream().filter(now::isBefore).min(Instant::compareTo);
  }

  private List<RunInfo> unended() {
    return runs(RunFilter.builder()
        .status(RunState.PENDING, RunState.RUNNING, RunState.SLEEPING));
  }

  /** Every run {@code filter} matches, page after page. */
  private List<RunInfo> runs(RunFilter.Builder filter) {
    RunFilter first = filter.limit(RunFilter.MAX_LIMIT).build();
    List<RunInfo> all = new ArrayList<>();
    List<RunInfo> page = engine().listRuns(first);
    all.addAll(page);
    while (page.size() == RunFilter.MAX_LIMIT) { // a short page is the last: no query more
      page = engine().listRuns(first.after(page.get(page.size() - 1)));
      all.addAll(page);
    }
    return all;
  }

  private static String describe(List<RunInfo> runs) {
    return runs.isEmpty() ? "none" : runs.stream()
        .map(run -> run.id() + " (" + run.workflowName() + ", " + run.status() + ")")
        .collect(Collectors.joining(", "));
  }

  /**
   * Closes the workers and the engine, and empties the database for the next env; a second call
   * does nothing.
   */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    RuntimeException failure = null;
    List<AutoCloseable> resources = new ArrayList<>(workers);
    if (engine != null) {
      resources.add(engine);
    }
    resources.add(() -> Databases.giveBack(jdbcUrl));
    for (AutoCloseable resource : resources) {
      try {
        resource.close();
      } catch (Exception e) {
        if (failure == null) {
          failure = new IllegalStateException("closing the test env failed", e);
        } else {
          failure.addSuppressed(e);
        }
      }
    }
    if (failure != null) {
      throw failure;
    }
  }

  private void requireNotBuilt(String what) {
    requireOpen();
    if (engine != null) {
      throw new IllegalStateException("cannot " + what + " once the engine is built: do it before"
          + " the first call of engine(), runUntilIdle(), advance(...), signal(...) or history(...)");
    }
  }

  private void requireOpen() {
    if (closed) {
      throw new IllegalStateException("this test env is closed: each test gets a fresh one");
    }
  }
}
