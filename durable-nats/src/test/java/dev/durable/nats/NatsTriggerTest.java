package dev.durable.nats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.build.OnNats;
import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.Queue;
import dev.durable.runtime.RunFilter;
import dev.durable.runtime.RunInfo;
import dev.durable.runtime.RunState;
import dev.durable.runtime.StoreException;
import dev.durable.runtime.TriggerInfo;
import dev.durable.runtime.trigger.MessageDecoder;
import dev.durable.runtime.trigger.RunStarter;
import dev.durable.trigger.testing.Await;
import dev.durable.trigger.testing.CuttableDataSource;
import dev.durable.trigger.testing.Ledger;
import dev.durable.trigger.testing.Order;
import dev.durable.trigger.testing.OrderIntakeWorkflowClient;
import dev.durable.trigger.testing.OrderIntakeWorkflowDurable;
import dev.durable.trigger.testing.TestStore;
import io.nats.client.Connection;
import io.nats.client.JetStream;
import io.nats.client.JetStreamManagement;
import io.nats.client.Nats;
import io.nats.client.api.ConsumerInfo;
import io.nats.client.api.MessageInfo;
import io.nats.client.api.StorageType;
import io.nats.client.api.StreamConfiguration;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A {@link NatsTrigger} against a real NATS server with JetStream ({@code DURABLE_NATS_URL}), each
 * test on streams of its own: what users rely on, one run per message, duplicates that start
 * nothing, poison messages that block nothing, and a queue's bound that holds.
 */
@OnNats
class NatsTriggerTest {
  private final Ledger ledger = new Ledger();
  private final List<DurableEngine> engines = new ArrayList<>();
  private Connection nats;
  private JetStream jetStream;
  private JetStreamManagement management;
  private TestStore store;
  /** The stream of orders and its subjects' prefix ({@code <prefix>.eu}, ...). */
  private String stream;
  private String prefix;
  /** The dead letters' stream and subject. */
  private String deadStream;
  private String deadSubject;

  @BeforeEach
  void open() throws Exception {
    nats = Nats.connect(System.getenv(OnNats.VARIABLE));
    jetStream = nats.jetStream();
    management = nats.jetStreamManagement();
    String id = UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    stream = "ORDERS_" + id;
    prefix = "orders-" + id;
    deadStream = "DEAD_" + id;
    deadSubject = "dead-" + id;
    management.addStream(StreamConfiguration.builder().name(stream).subjects(prefix + ".>")
        .storageType(StorageType.Memory).build());
    management.addStream(StreamConfiguration.builder().name(deadStream).subjects(deadSubject)
        .storageType(StorageType.Memory).build());
    store = TestStore.open();
  }

  @AfterEach
  void close() throws Exception {
    engines.forEach(DurableEngine::close);
    if (management != null) {
      management.deleteStream(stream);
      management.deleteStream(deadStream);
    }
    if (nats != null) {
      nats.close();
    }
    if (store != null) {
      store.close();
    }
  }

  /** The trigger most tests use: JSON orders, started by the generated client, dead letters. */
  private NatsTrigger.Builder<Order> trigger() {
    return trigger((start, order) ->
        OrderIntakeWorkflowClient.of(start.engine()).start(start.options(), order));
  }

  private NatsTrigger.Builder<Order> trigger(RunStarter<Order> starter) {
    return NatsTrigger.builder(nats).stream(stream).subject(prefix + ".>").consumer("intake")
        .decode(MessageDecoder.json(Order.class)).start(starter).deadLetter(deadSubject)
        .fetchWait(Duration.ofMillis(200))
        .retryDelay(Duration.ofMillis(100));
  }

  private DurableEngine engine(NatsTrigger<Order> trigger, Consumer<DurableEngine.Builder> more) {
    DurableEngine.Builder builder =
        store.engine().register(new OrderIntakeWorkflowDurable(ledger)).trigger(trigger);
    more.accept(builder);
    DurableEngine engine = builder.build();
    engines.add(engine);
    return engine;
  }

  private void publish(String subject, String body) throws Exception {
    jetStream.publish(prefix + "." + subject, body.getBytes(StandardCharsets.UTF_8));
  }

  private void publishOrders(int count) throws Exception {
    for (int i = 0; i < count; i++) {
      publish("eu", order("o-" + i, 10 + i));
    }
  }

  private static String order(String id, int amount) {
    return "{\"id\":\"" + id + "\",\"amount\":" + amount + "}";
  }

  private static List<RunInfo> runs(DurableEngine engine, RunState... states) {
    return engine.listRuns(RunFilter.builder().workflow("order-intake").status(states)
        .limit(RunFilter.MAX_LIMIT).build());
  }

  private static List<RunInfo> runs(DurableEngine engine) {
    return engine.listRuns(RunFilter.builder().workflow("order-intake")
        .limit(RunFilter.MAX_LIMIT).build());
  }

  private static Map<String, Integer> once(int count) {
    Map<String, Integer> expected = new TreeMap<>();
    for (int i = 0; i < count; i++) {
      expected.put("o-" + i, 1);
    }
    return expected;
  }

  private ConsumerInfo consumer() {
    try {
      return management.getConsumerInfo(stream, "intake");
    } catch (Exception e) {
      throw new AssertionError("cannot read the consumer", e);
    }
  }

  @Test
  void eachMessageStartsOneRunWhichCompletesOnceAndIsAcknowledged() throws Exception {
    NatsTrigger<Order> trigger = trigger().build();
    DurableEngine engine = engine(trigger, b -> {});
    publishOrders(25);
    engine.start();

    Await.until("25 runs completed", () -> runs(engine, RunState.COMPLETED).size() == 25);
    assertEquals(25, runs(engine).size(), "no run besides one per message");
    assertEquals(once(25), ledger.confirmations(), "each order confirmed once");
    Set<String> ids = ConcurrentHashMap.newKeySet();
    runs(engine).forEach(run -> ids.add(run.id()));
    for (long sequence = 1; sequence <= 25; sequence++) {
      assertTrue(ids.contains(NatsTrigger.runId(stream, "intake", sequence)),
          "the run of message " + sequence + " has the id its stream sequence gives");
    }
    Await.until("every message acknowledged", () -> consumer().getNumAckPending() == 0
        && consumer().getNumPending() == 0);
    TriggerInfo stats = trigger.stats();
    assertEquals(25, stats.consumed());
    assertEquals(25, stats.started());
    assertEquals(0, stats.duplicates());
    assertEquals(0, stats.deadLettered());
    assertEquals(0, stats.redelivered());
    assertFalse(stats.paused());
  }

  @Test
  void aMessageDeliveredAgainAfterItsRunWasStoredIsADuplicateAndStartsNothing() throws Exception {
    // the first delivery of o-3 stores its run, then fails before the acknowledgement: as if
    // the process had died there, or the ack had been lost
    Set<String> failedOnce = ConcurrentHashMap.newKeySet();
    NatsTrigger<Order> trigger = trigger((start, order) -> {
      var handle = OrderIntakeWorkflowClient.of(start.engine()).start(start.options(), order);
      if (order.id().equals("o-3") && failedOnce.add(order.id())) {
        throw new IllegalStateException("lost the acknowledgement");
      }
      return handle;
    }).build();
    DurableEngine engine = engine(trigger, b -> {});
    publishOrders(6);
    engine.start();

    Await.until("the redelivery counted as a duplicate", () -> trigger.stats().duplicates() == 1);
    Await.until("6 runs completed", () -> runs(engine, RunState.COMPLETED).size() == 6);
    assertEquals(6, runs(engine).size());
    assertEquals(once(6), ledger.confirmations());
    TriggerInfo stats = trigger.stats();
    // o-3's first delivery stored its run, but its start failed: it counts as handed back, and
    // its second delivery as the duplicate; every delivery counts once
    assertEquals(7, stats.consumed(), "o-3 twice");
    assertEquals(5, stats.started());
    assertEquals(1, stats.redelivered());
    assertEquals(0, stats.deadLettered());
    Await.until("every message acknowledged", () -> consumer().getNumAckPending() == 0);
  }

  @Test
  void aStartThatFindsTheStoreAwayIsHandedBackAndStartsItsRunWhenItComesAgain()
      throws Exception {
    Set<String> failed = ConcurrentHashMap.newKeySet();
    NatsTrigger<Order> trigger = trigger((start, order) -> {
      if (order.id().equals("o-1") && failed.size() < 3 && failed.add("attempt-" + failed.size())) {
        throw new StoreException("the database is away", null);
      }
      return OrderIntakeWorkflowClient.of(start.engine()).start(start.options(), order);
    }).maxDeliveries(2).build();
    DurableEngine engine = engine(trigger, b -> {});
    publishOrders(3);
    engine.start();

    Await.until("3 runs completed", () -> runs(engine, RunState.COMPLETED).size() == 3);
    assertEquals(once(3), ledger.confirmations());
    TriggerInfo stats = trigger.stats();
    assertEquals(3, stats.redelivered(), "an outage is not counted against maxDeliveries");
    assertEquals(0, stats.deadLettered());
    assertEquals(3, stats.started());
  }

  @Test
  void messagesThatCameWhileTheDatabaseWasAwayStartTheirRunsOnceItIsBack() throws Exception {
    CuttableDataSource database = store.cuttable();
    NatsTrigger<Order> trigger = trigger().build();
    DurableEngine engine = store.engine().dataSource(database)
        .register(new OrderIntakeWorkflowDurable(ledger)).trigger(trigger).build();
    engines.add(engine);
    engine.start();
    database.cut();
    publishOrders(3);

    Await.until("a start found the database away and handed its message back",
        () -> trigger.stats().redelivered() >= 1);
    assertEquals(0, trigger.stats().started());
    assertEquals(0, trigger.stats().deadLettered(), "an outage never dead-letters");
    database.restore();

    Await.until("3 runs completed", () -> runs(engine, RunState.COMPLETED).size() == 3);
    assertEquals(3, runs(engine).size());
    assertEquals(once(3), ledger.confirmations());
    assertEquals(3, trigger.stats().started());
    Await.until("every message acknowledged", () -> consumer().getNumAckPending() == 0
        && consumer().getNumPending() == 0);
  }

  @Test
  void poisonMessagesGoToTheDeadLetterSubjectWithTheirReasonAndBlockNothingBehindThem()
      throws Exception {
    NatsTrigger<Order> trigger = trigger().build();
    DurableEngine engine = engine(trigger, b -> {});
    publish("eu", order("o-0", 10));
    publish("eu", "this is not JSON");                // sequence 2: cannot be decoded
    publish("eu", order("o-1", 11));
    publish("us", order("refused", -5));             // sequence 4: the run refuses its input
    publish("eu", order("o-2", 12));
    engine.start();

    Await.until("3 runs completed", () -> runs(engine, RunState.COMPLETED).size() == 3);
    Await.until("2 dead letters", () -> trigger.stats().deadLettered() == 2);
    assertEquals(once(3), ledger.confirmations());
    assertEquals(3, runs(engine).size(), "nothing stored for the poison messages");

    MessageInfo undecodable = management.getMessage(deadStream, 1);
    assertEquals("this is not JSON", new String(undecodable.getData(), StandardCharsets.UTF_8));
    String reason = undecodable.getHeaders().getFirst(NatsTrigger.REASON_HEADER);
    assertTrue(reason.startsWith("cannot decode the message: "), reason);
    assertEquals(stream, undecodable.getHeaders().getFirst(NatsTrigger.STREAM_HEADER));
    assertEquals("2", undecodable.getHeaders().getFirst(NatsTrigger.SEQUENCE_HEADER));
    assertEquals(prefix + ".eu", undecodable.getHeaders().getFirst(NatsTrigger.SUBJECT_HEADER));

    MessageInfo refused = management.getMessage(deadStream, 2);
    assertEquals("4", refused.getHeaders().getFirst(NatsTrigger.SEQUENCE_HEADER));
    String refusal = refused.getHeaders().getFirst(NatsTrigger.REASON_HEADER);
    assertTrue(refusal.startsWith("InvalidInputException: ") && refusal.contains("amount"),
        refusal);
    Await.until("every message acknowledged", () -> consumer().getNumAckPending() == 0
        && consumer().getNumPending() == 0);
  }

  @Test
  void setAsidePoisonMessagesAreTerminatedAndCounted() throws Exception {
    NatsTrigger<Order> trigger = NatsTrigger.builder(nats).stream(stream).consumer("intake")
        .decode(MessageDecoder.json(Order.class))
        .start((start, order) ->
            OrderIntakeWorkflowClient.of(start.engine()).start(start.options(), order))
        .setAside().fetchWait(Duration.ofMillis(200)).build();
    DurableEngine engine = engine(trigger, b -> {});
    publish("eu", "{");
    publish("eu", order("o-0", 10));
    engine.start();

    Await.until("the run completed", () -> runs(engine, RunState.COMPLETED).size() == 1);
    Await.until("the poison message set aside", () -> trigger.stats().deadLettered() == 1);
    Await.until("nothing left unacknowledged", () -> consumer().getNumAckPending() == 0);
    assertEquals(0, management.getStreamInfo(deadStream).getStreamState().getMsgCount());
  }

  @Test
  void aTriggerHoldsBackWhileItsQueueIsAtItsBoundAndGoesOnAsItDrains() throws Exception {
    NatsTrigger<Order> trigger = trigger().queue("intake", 4)
        .partitionKey(NatsTrigger.subjectToken(1))
        .pausePoll(Duration.ofMillis(50)).build();
    DurableEngine engine = engine(trigger, b -> b.queue(Queue.named("intake").concurrency(2)));
    engine.pauseQueue("intake"); // nothing is admitted: the runs stored wait in the queue
    publishOrders(10);
    engine.start();

    Await.until("the trigger holds back", () -> trigger.stats().paused());
    assertEquals(4, runs(engine, RunState.ENQUEUED).size(), "the bound holds: 4 runs wait");
    assertEquals(4, runs(engine).size(), "no run stored beyond the bound");
    Await.until("the broker reports the 6 messages waiting", () ->
        trigger.stats().lag().orElse(-1) == 6);
    assertEquals(6, consumer().getNumPending(), "the other messages wait in the stream");
    assertEquals(4, trigger.stats().started());

    engine.resumeQueue("intake");
    Await.until("10 runs completed", () -> runs(engine, RunState.COMPLETED).size() == 10);
    assertEquals(once(10), ledger.confirmations());
    Await.until("the trigger goes on", () -> !trigger.stats().paused());
    runs(engine).forEach(run -> {
      assertEquals(Optional.of("intake"), run.queue());
      assertEquals(Optional.of("eu"), run.partitionKey(), "the subject's second token");
    });
  }

  @Test
  void twoEnginesShareTheDurableConsumerAndStartEachMessagesRunOnce() throws Exception {
    NatsTrigger<Order> first = trigger().name("first").build();
    NatsTrigger<Order> second = trigger().name("second").build();
    DurableEngine a = engine(first, b -> b.engineId("engine-a"));
    DurableEngine b = engine(second, x -> x.engineId("engine-b"));
    a.start();
    b.start();
    publishOrders(40);

    Await.until("40 runs completed", () -> runs(a, RunState.COMPLETED).size() == 40);
    assertEquals(40, runs(a).size());
    assertEquals(once(40), ledger.confirmations());
    assertEquals(40, first.stats().started() + second.stats().started());
    assertEquals(0, first.stats().duplicates() + second.stats().duplicates());
  }

  @Test
  void aStreamThatDoesNotExistFailsTheEnginesStartSayingWhatToDo() {
    NatsTrigger<Order> trigger = NatsTrigger.builder(nats).stream("NO_SUCH_" + prefix.length())
        .consumer("intake").decode(MessageDecoder.json(Order.class))
        .start((start, order) ->
            OrderIntakeWorkflowClient.of(start.engine()).start(start.options(), order))
        .setAside().build();
    DurableEngine engine = engine(trigger, b -> {});
    IllegalStateException e = assertThrows(IllegalStateException.class, engine::start);
    assertTrue(e.getMessage().contains("which the NATS server does not have; create it"),
        e.getMessage());
  }
}
