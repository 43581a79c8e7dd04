package dev.durable.runtime.observe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.build.OnPostgres;
import dev.durable.runtime.DuplicateRunException;
import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.InvalidInputException;
import dev.durable.runtime.Queue;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunState;
import dev.durable.runtime.StartOptions;
import dev.durable.runtime.StoreException;
import dev.durable.runtime.TriggerDefinition;
import dev.durable.runtime.TriggerInfo;
import dev.durable.runtime.spi.WorkflowRuns;
import dev.durable.runtime.trigger.RunStart;
import dev.durable.runtime.trigger.RunStarter;
import dev.durable.runtime.trigger.StartOutcome;
import dev.durable.runtime.trigger.Trigger;
import dev.durable.runtime.trigger.TriggerContext;
import dev.durable.runtime.trigger.TriggerCounters;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The core's side of triggers, with a trigger of no broker: {@code DurableEngine.builder()
 * .trigger(...)} starts it once the engine polls and stops it first when the engine closes, while
 * the store is open; the context gives it the engine and a queue's depth; {@link
 * RunHandle#created()} tells a start that stored its run from one that found it; {@link
 * StartOutcome} sorts a start; its counts reach Micrometer. On H2 and PostgreSQL.
 */
@OnPostgres
class TriggerLifecycleTest {
  private static final Duration WAIT = Duration.ofSeconds(20);

  /** A trigger that records what the engine did to it, and starts one run when started. */
  static class Recording implements Trigger {
    final String name;
    final List<String> events = new CopyOnWriteArrayList<>();
    final TriggerCounters counters;
    volatile TriggerContext context;
    volatile RunHandle<String> started;

    Recording(String name) {
      this.name = name;
      this.counters = new TriggerCounters(name);
    }

    @Override
    public String name() {
      return name;
    }

    @Override
    public void start(TriggerContext context) {
      this.context = context;
      events.add("started");
      started = WorkflowRuns.of(context.engine(), Workflows.Flaky.TYPE)
          .start("message-1", new Object[] {});
      counters.consumed();
      counters.outcome(started.created() ? StartOutcome.Kind.STARTED
          : StartOutcome.Kind.DUPLICATE);
    }

    @Override
    public TriggerInfo stats() {
      return counters.snapshot();
    }

    @Override
    public void close() {
      // the store is still open: a trigger's last message is stored and acknowledged
      events.add("closed; depth " + context.queueDepth("waiting"));
    }
  }

  @ParameterizedTest
  @MethodSource("dev.durable.runtime.observe.Database#kinds")
  void anEngineStartsItsTriggersOnceItPollsAndStopsThemFirstWhenItCloses(Database.Kind kind) {
    Recording trigger = new Recording("orders");
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    try (Database db = Database.open(kind)) {
      DurableEngine engine = db.engine().register(new Workflows.Flaky()).trigger(trigger)
          .queue(Queue.named("waiting")).meterRegistry(registry)
          .pollInterval(Duration.ofMillis(50)).build();
      engine.pauseQueue("waiting"); // the runs started through it wait
      assertEquals(List.of(), trigger.events, "not started by build()");
      engine.tick();
      assertEquals(List.of(), trigger.events, "not started by tick()");

      engine.start();
      engine.start();
      assertEquals(List.of("started"), trigger.events, "started once");
      assertTrue(trigger.started.created(), "the start stored the run");
      assertEquals("charged", trigger.started.await(WAIT), "the engine polls: the run ran");

      RunHandle<String> again =
          WorkflowRuns.of(engine, Workflows.Flaky.TYPE).start("message-1", new Object[] {});
      assertFalse(again.created(), "a second start with the id finds the run, ended or not");
      assertFalse(WorkflowRuns.of(engine, Workflows.Flaky.TYPE).get("message-1").created());
      assertEquals(1, engine.listRuns(dev.durable.runtime.RunFilter.builder().build()).size());

      for (int i = 0; i < 3; i++) {
        WorkflowRuns.of(engine, Workflows.Flaky.TYPE).start(
            StartOptions.builder().queue("waiting").runId("queued-" + i).build(),
            new Object[] {});
      }
      assertEquals(3, trigger.context.queueDepth("waiting"), "the queue is paused: 3 wait");
      assertEquals(0, trigger.context.queueDepth("nobody-started-through-it"));

      assertEquals(1.0, registry.get("durable.trigger.messages").tag("trigger", "orders")
          .tag("outcome", "started").functionCounter().count());
      assertEquals(1.0, registry.get("durable.trigger.messages").tag("trigger", "orders")
          .tag("outcome", "consumed").functionCounter().count());
      assertEquals(0.0, registry.get("durable.trigger.messages").tag("trigger", "orders")
          .tag("outcome", "duplicate").functionCounter().count());
      assertEquals(0.0, registry.get("durable.trigger.paused").tag("trigger", "orders")
          .gauge().value());
      TriggerInfo listed = engine.triggers().get(0);
      assertEquals(List.of("orders"), engine.triggers().stream().map(TriggerInfo::trigger).toList());
      assertEquals(1, listed.consumed());
      assertEquals(1, listed.started());

      engine.close();
      assertEquals(List.of("started", "closed; depth 3"), trigger.events);
      engine.close();
      assertEquals(2, trigger.events.size(), "closed once");
    }
  }

  @ParameterizedTest
  @MethodSource("dev.durable.runtime.observe.Database#kinds")
  void startsAreSortedByWhatShouldBecomeOfTheirMessage(Database.Kind kind) {
    try (Database db = Database.open(kind);
        DurableEngine engine = db.engine().register(new Workflows.Flaky()).build()) {
      RunStart start = new RunStart(engine, StartOptions.builder().runId("m-7").build());
      RunStarter<String> client = (s, input) ->
          WorkflowRuns.of(s.engine(), Workflows.Flaky.TYPE).start(s.options(), new Object[] {});
      assertEquals(StartOutcome.Kind.STARTED, StartOutcome.attempt(client, start, "x").kind());
      assertEquals(StartOutcome.Kind.DUPLICATE, StartOutcome.attempt(client, start, "x").kind());
      assertEquals(RunState.PENDING, engine.getRunStatus("m-7").run().status());

      assertEquals(StartOutcome.Kind.DUPLICATE, StartOutcome.attempt((s, input) -> {
        throw new DuplicateRunException("order-9 is held", "m-1");
      }, start, "x").kind());
      StartOutcome invalid = StartOutcome.attempt((s, input) -> {
        throw new InvalidInputException("amount must be positive", List.of("amount"));
      }, start, "x");
      assertEquals(StartOutcome.Kind.REJECTED, invalid.kind());
      assertEquals(Optional.of("InvalidInputException: amount must be positive"),
          invalid.reason());
      assertEquals(StartOutcome.Kind.UNAVAILABLE, StartOutcome.attempt((s, input) -> {
        throw new StoreException("connection refused", null);
      }, start, "x").kind());
      assertEquals(StartOutcome.Kind.FAILED, StartOutcome.attempt((s, input) -> {
        throw new IllegalStateException("a bug in the starter");
      }, start, "x").kind());
      StartOutcome nothing = StartOutcome.attempt((s, input) -> null, start, "x");
      assertEquals(StartOutcome.Kind.FAILED, nothing.kind());
      assertTrue(nothing.reason().orElseThrow().contains("return the handle"));
    }
  }

  @ParameterizedTest
  @MethodSource("dev.durable.runtime.observe.Database#kinds")
  void aTriggerThatFailsToStartFailsTheEnginesStartNamingIt(Database.Kind kind) {
    Recording first = new Recording("first");
    Trigger broken = new Recording("broken") {
      @Override
      public void start(TriggerContext context) {
        throw new IllegalStateException("no such stream");
      }
    };
    try (Database db = Database.open(kind);
        DurableEngine engine = db.engine().register(new Workflows.Flaky()).trigger(first)
            .trigger(broken).build()) {
      IllegalStateException e = assertThrows(IllegalStateException.class, engine::start);
      assertEquals("trigger 'broken' failed to start: no such stream", e.getMessage());
      assertEquals("closed; depth 0", first.events.get(first.events.size() - 1),
          "the trigger started before it was stopped");
    }
  }

  @ParameterizedTest
  @MethodSource("dev.durable.runtime.observe.Database#kinds")
  void anEngineRefusesATriggerOfNoBrokerModuleAndTwoTriggersOfOneName(Database.Kind kind) {
    try (Database db = Database.open(kind)) {
      IllegalArgumentException notATrigger = assertThrows(IllegalArgumentException.class,
          () -> db.engine().trigger(new TriggerDefinition() {}).build());
      assertTrue(notATrigger.getMessage().startsWith("a trigger must implement"
          + " dev.durable.runtime.trigger.Trigger"), notATrigger.getMessage());
      IllegalArgumentException twice = assertThrows(IllegalArgumentException.class,
          () -> db.engine().trigger(new Recording("orders")).trigger(new Recording("orders"))
              .build());
      assertTrue(twice.getMessage().startsWith("two triggers are named 'orders'"),
          twice.getMessage());
    }
  }
}
