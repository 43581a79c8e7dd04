package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.InvalidInputException;
import dev.durable.runtime.RunFailedException;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunState;
import dev.durable.runtime.UnknownRunException;
import dev.durable.tests.support.Await;
import dev.durable.tests.workflows.DiscoveredWorkflowClient;
import dev.durable.tests.workflows.DiscoveredWorkflowDurable;
import dev.durable.tests.workflows.Order;
import dev.durable.tests.workflows.OrderWorkflowClient;
import dev.durable.tests.workflows.OrderWorkflowDurable;
import dev.durable.tests.workflows.PaymentWorkflowClient;
import dev.durable.tests.workflows.PaymentWorkflowDurable;
import dev.durable.tests.workflows.Receipt;
import dev.durable.tests.workflows.Shipment;
import dev.durable.tests.workflows.TypesWorkflow.TypesResult;
import dev.durable.tests.workflows.TypesWorkflowClient;
import dev.durable.tests.workflows.TypesWorkflowDurable;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Generated clients, codecs with full generic types, validation, and bad stored data. */
class ClientAndCodecTest extends OnEachStore {

  private DurableEngine engine() {
    return db.engine()
        .clock(clock)
        .register(new OrderWorkflowDurable(script))
        .register(new TypesWorkflowDurable(script))
        .register(new PaymentWorkflowDurable(script))
        .build();
  }

  /**
   * A started engine executes a run started through it at once, and its first step's code runs
   * only once the run is stored: a crash then cannot leave a step's effects behind with no run to
   * finish it. {@code start} returns once the run is stored, too.
   */
  @Test
  void aRunIsStoredBeforeItsFirstStepRunsAndBeforeStartReturns() {
    List<Long> storedWhenTheStepRan = new CopyOnWriteArrayList<>();
    script.onEnter("quote",
        () -> storedWhenTheStepRan.add(db.queryLong("SELECT COUNT(*) FROM durable_runs")));
    try (DurableEngine engine = engine()) {
      engine.start();
      RunHandle<String> run = OrderWorkflowClient.of(engine).start(new Order("pen", 1));
      assertEquals(1, db.queryLong("SELECT COUNT(*) FROM durable_runs WHERE run_id = '"
          + run.id() + "'"), "stored when start() returned");
      Await.until("the first step ran", () -> !storedWhenTheStepRan.isEmpty());
      assertEquals(List.of(1L), storedWhenTheStepRan);
    }
  }

  @Test
  void startingWithTheSameIdTwiceReturnsTheSameRun() {
    try (DurableEngine engine = engine()) {
      OrderWorkflowClient client = OrderWorkflowClient.of(engine);
      RunHandle<String> first = client.start("order-42", new Order("pen", 1));
      RunHandle<String> second = client.start("order-42", new Order("other", 9));
      assertEquals(first.id(), second.id());
      engine.tick();
      clock.advance(Duration.ofHours(1));
      engine.tick();
      assertEquals("shipped ch_pen_250", second.await(WAIT), "the first start's input counts");
      assertEquals(1, script.executions("quote"));
    }
  }

  @Test
  void concurrentStartsWithOneIdMakeOneRun() throws Exception {
    try (DurableEngine engine = engine()) {
      engine.start();
      OrderWorkflowClient client = OrderWorkflowClient.of(engine);
      List<Callable<RunHandle<String>>> starts = IntStream.range(0, 16)
          .mapToObj(i -> (Callable<RunHandle<String>>)
              () -> client.start("order-once", new Order("pen", 1)))
          .toList();
      ExecutorService threads = Executors.newFixedThreadPool(16);
      try {
        for (Future<RunHandle<String>> started : threads.invokeAll(starts)) {
          assertEquals("order-once", started.get().id());
        }
      } finally {
        threads.shutdownNow();
      }
      Await.until("the run sleeps", () -> client.get("order-once").status().run().status()
          == RunState.SLEEPING);
      clock.advance(Duration.ofHours(1));
      assertEquals("shipped ch_pen_250", client.get("order-once").await(WAIT));
      assertEquals(1, script.executions("quote"), "one run, executed once");
      assertEquals(1, engine.history("order-once").stream()
          .filter(e -> e.type().equals("run.created")).count());
    }
  }

  @Test
  void aRunIdUsedByAnotherWorkflowIsRefused() {
    try (DurableEngine engine = engine()) {
      OrderWorkflowClient.of(engine).start("shared-id", new Order("pen", 1));
      IllegalStateException refused = assertThrows(IllegalStateException.class,
          () -> PaymentWorkflowClient.of(engine).start("shared-id", new Order("pen", 1)));
      assertTrue(refused.getMessage().contains("already used by a run of workflow 'order'"),
          refused.getMessage());
    }
  }

  @Test
  void getFindsARunAndRefusesUnknownIdsAndOtherWorkflows() {
    try (DurableEngine engine = engine()) {
      String id = OrderWorkflowClient.of(engine).start(new Order("pen", 1)).id();
      assertEquals(id, OrderWorkflowClient.of(engine).get(id).id());
      UnknownRunException unknown = assertThrows(UnknownRunException.class,
          () -> OrderWorkflowClient.of(engine).get("no-such-run"));
      assertTrue(unknown.getMessage().contains("no-such-run"));
      assertThrows(UnknownRunException.class, () -> PaymentWorkflowClient.of(engine).get(id));
      assertThrows(UnknownRunException.class, () -> engine.getRunStatus("no-such-run"));
    }
  }

  @Test
  void inputFailingValidationIsRefusedAtStartNamingTheFieldAndNothingIsStored() {
    try (DurableEngine engine = engine()) {
      InvalidInputException invalid = assertThrows(InvalidInputException.class,
          () -> OrderWorkflowClient.of(engine).start("bad-order", new Order(" ", 0)));
      assertEquals(
          List.of("order.quantity: must be greater than or equal to 1 (was 0)",
              "order.sku: must not be blank (was  )"),
          invalid.violations());
      assertTrue(invalid.getMessage().contains("order.quantity"), invalid.getMessage());
      assertThrows(UnknownRunException.class, () -> engine.getRunStatus("bad-order"));
    }
  }

  @Test
  void genericRecordsEnumsOptionalsAndTimeRoundTripThroughCheckpoints() {
    Shipment shipment = new Shipment(
        List.of(Map.of("a", new Order("x", 1)), Map.of("b", new Order("y", 2), "c",
            new Order("z", 3))),
        Optional.of(Instant.parse("2026-01-02T03:04:05.678Z")),
        Optional.empty(),
        Shipment.Carrier.COURIER,
        LocalDate.of(2026, 2, 28),
        Duration.ofMinutes(90),
        12_345_678_901L,
        0.125,
        true);
    try (DurableEngine engine = engine()) {
      RunHandle<TypesResult> run = TypesWorkflowClient.of(engine).start(List.of(shipment), 3);
      engine.tick();
      clock.advance(Duration.ofSeconds(30));
      engine.tick();
      TypesResult result = run.await(WAIT);
      assertEquals(Map.of("kx3", List.of(shipment)), result.grouped());
      assertEquals(Optional.of(Shipment.Carrier.COURIER), result.carrier());
      assertEquals(3, result.checksumLength());
      assertEquals(3, result.copies());
      assertEquals(1, script.executions("group"), "read back from its checkpoint on replay");
    }
  }

  @Test
  void anInvalidStepResultFailsTheStepWithoutRetry() {
    try (DurableEngine engine = engine()) {
      RunHandle<Receipt> run = PaymentWorkflowClient.of(engine).start(new Order("free", 1));
      engine.tick();
      RunFailedException failure = assertThrows(RunFailedException.class, () -> run.await(WAIT));
      assertEquals("invalid_output", failure.code());
      assertTrue(failure.getMessage().contains("result.cents: must be greater than 0 (was 0)"),
          failure.getMessage());
      assertEquals(1, script.executions("pay"), "not retried although retries = 3");
    }
  }

  @Test
  void aStoredInputThatNoLongerDecodesFailsThatRunOnly() {
    try (DurableEngine engine = engine()) {
      RunHandle<String> broken = OrderWorkflowClient.of(engine).start(new Order("old", 1));
      RunHandle<Receipt> healthy = PaymentWorkflowClient.of(engine).start(new Order("new", 2));
      // as if Order.quantity had changed from a number to something else since the run started
      db.execute("UPDATE durable_runs SET input = '[{\"sku\":\"old\",\"quantity\":"
          + "{\"amount\":1}}]' WHERE run_id = '" + broken.id() + "'");
      engine.tick();
      RunFailedException failure = assertThrows(RunFailedException.class,
          () -> broken.await(WAIT));
      assertEquals("payload_undecodable", failure.code());
      assertTrue(failure.getMessage().contains("cannot decode the stored input of run "
          + broken.id()), failure.getMessage());
      assertEquals(new Receipt("r-new", 200), healthy.await(WAIT));
    }
  }

  @Test
  void runsOfAWorkflowThisEngineDoesNotKnowAreLeftAlone() {
    String ghostId;
    try (DurableEngine engine = engine()) {
      RunHandle<String> ghost = DiscoveredWorkflowClient.of(engine).start("ghost");
      ghostId = ghost.id();
      RunHandle<Receipt> healthy = PaymentWorkflowClient.of(engine).start(new Order("pen", 1));
      assertEquals(1, engine.tick(), "only the registered workflow's run is executed");
      assertEquals(new Receipt("r-pen", 100), healthy.await(WAIT));
      assertEquals(RunState.PENDING, ghost.status().run().status());
    }
    try (DurableEngine withIt = db.engine().clock(clock)
        .register(new DiscoveredWorkflowDurable()).build()) {
      withIt.tick();
      assertEquals("hello ghost", DiscoveredWorkflowClient.of(withIt).get(ghostId).await(WAIT));
    }
  }

  @Test
  void workflowsWithANoArgumentConstructorAreDiscovered() {
    try (DurableEngine engine = db.engine().discover(true).clock(clock).build()) {
      RunHandle<String> run = DiscoveredWorkflowClient.of(engine).start("world");
      engine.tick();
      assertEquals("hello world", run.await(WAIT));
    }
  }
}
