package dev.durable.rabbitmq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.GetResponse;
import dev.durable.build.OnRabbitMq;
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
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A {@link RabbitTrigger} against a real RabbitMQ broker ({@code DURABLE_RABBITMQ_URL}), each test
 * on queues of its own: what users rely on, one run per message, duplicates that start nothing,
 * poison messages that block nothing, a queue's bound that holds, and outages that lose nothing.
 */
@OnRabbitMq
class RabbitTriggerTest {
  private final Ledger ledger = new Ledger();
  private final List<DurableEngine> engines = new ArrayList<>();
  private ConnectionFactory factory;
  private Connection rabbit;
  private Channel channel;
  private TestStore store;
  /** The queue of orders, the exchange that routes {@code orders.<region>} to it, dead letters. */
  private String orders;
  private String exchange;
  private String dead;

  @BeforeEach
  void open() throws Exception {
    factory = new ConnectionFactory();
    factory.setUri(System.getenv(OnRabbitMq.VARIABLE));
    factory.setNetworkRecoveryInterval(100);
    rabbit = factory.newConnection("durable-rabbitmq-test");
    channel = rabbit.createChannel();
    String id = UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    orders = "orders-" + id;
    exchange = "orders-x-" + id;
    dead = "dead-" + id;
    channel.queueDeclare(orders, false, false, false, null);
    channel.queueDeclare(dead, false, false, false, null);
    channel.exchangeDeclare(exchange, "topic", false);
    channel.queueBind(orders, exchange, "orders.#");
    store = TestStore.open();
  }

  @AfterEach
  void close() throws Exception {
    engines.forEach(DurableEngine::close);
    if (channel != null) {
      channel.queueDelete(orders);
      channel.queueDelete(dead);
      channel.exchangeDelete(exchange);
    }
    if (rabbit != null) {
      rabbit.close();
    }
    if (store != null) {
      store.close();
    }
  }

  /** The trigger most tests use: JSON orders, started by the generated client, dead letters. */
  private RabbitTrigger.Builder<Order> trigger() {
    return trigger((start, order) ->
        OrderIntakeWorkflowClient.of(start.engine()).start(start.options(), order));
  }

  private RabbitTrigger.Builder<Order> trigger(RunStarter<Order> starter) {
    return RabbitTrigger.builder(factory).rabbitQueue(orders)
        .decode(MessageDecoder.json(Order.class)).start(starter).deadLetter(dead)
        .retryDelay(Duration.ofMillis(100))
        .pausePoll(Duration.ofMillis(50));
  }

  private DurableEngine engine(RabbitTrigger<Order> trigger,
      Consumer<DurableEngine.Builder> more) {
    DurableEngine.Builder builder =
        store.engine().register(new OrderIntakeWorkflowDurable(ledger)).trigger(trigger);
    more.accept(builder);
    DurableEngine engine = builder.build();
    engines.add(engine);
    return engine;
  }

  /** Publishes {@code body} through the exchange with routing key {@code orders.<region>}. */
  private void publish(String region, String messageId, String body) throws Exception {
    AMQP.BasicProperties properties = new AMQP.BasicProperties.Builder()
        .messageId(messageId).contentType("application/json").build();
    channel.basicPublish(exchange, "orders." + region, properties,
        body.getBytes(StandardCharsets.UTF_8));
  }

  /** Orders o-0 ... with message ids m-0 ... */
  private void publishOrders(int count) throws Exception {
    for (int i = 0; i < count; i++) {
      publish("eu", "m-" + i, order("o-" + i, 10 + i));
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

  /** How many messages wait in {@code queue}, ready to be delivered. */
  private long ready(String queue) {
    try {
      return channel.queueDeclarePassive(queue).getMessageCount();
    } catch (Exception e) {
      throw new AssertionError("cannot read queue " + queue, e);
    }
  }

  private long consumers(String queue) {
    try {
      return channel.queueDeclarePassive(queue).getConsumerCount();
    } catch (Exception e) {
      throw new AssertionError("cannot read queue " + queue, e);
    }
  }

  /**
   * Closes the engines, and with them their triggers' channels: a message still unacknowledged
   * then goes back to its queue, so an empty queue after this says every message was acknowledged.
   */
  private void closeEngines() {
    engines.forEach(DurableEngine::close);
  }

  @Test
  void eachMessageStartsOneRunWhichCompletesOnceAndIsAcknowledged() throws Exception {
    RabbitTrigger<Order> trigger = trigger().build();
    DurableEngine engine = engine(trigger, b -> {});
    publishOrders(25);
    engine.start();

    Await.until("25 runs completed", () -> runs(engine, RunState.COMPLETED).size() == 25);
    assertEquals(25, runs(engine).size(), "no run besides one per message");
    assertEquals(once(25), ledger.confirmations(), "each order confirmed once");
    Set<String> ids = new TreeSet<>();
    runs(engine).forEach(run -> ids.add(run.id()));
    for (int i = 0; i < 25; i++) {
      assertTrue(ids.contains(RabbitTrigger.runId(orders, "m-" + i)),
          "the run of message m-" + i + " has the id its message-id gives");
    }
    Await.until("every message handled", () -> trigger.stats().started() == 25);
    TriggerInfo stats = trigger.stats();
    assertEquals(25, stats.consumed());
    assertEquals(0, stats.duplicates());
    assertEquals(0, stats.deadLettered());
    assertEquals(0, stats.redelivered());
    assertFalse(stats.paused());
    closeEngines();
    assertEquals(0, ready(orders), "every message acknowledged: none came back");
  }

  @Test
  void aMessageDeliveredAgainAfterItsRunWasStoredIsADuplicateAndStartsNothing() throws Exception {
    // the first delivery of o-3 stores its run, then fails before the acknowledgement: as if
    // the process had died there, or the connection had been cut
    Set<String> failedOnce = ConcurrentHashMap.newKeySet();
    RabbitTrigger<Order> trigger = trigger((start, order) -> {
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
    // its second delivery (RabbitMQ's redelivered flag set) as the duplicate
    assertEquals(7, stats.consumed(), "o-3 twice");
    assertEquals(5, stats.started());
    assertEquals(1, stats.redelivered());
    assertEquals(0, stats.deadLettered());
    closeEngines();
    assertEquals(0, ready(orders), "every message acknowledged");
  }

  @Test
  void aMessagePublishedTwiceWithOneMessageIdStartsOneRun() throws Exception {
    RabbitTrigger<Order> trigger = trigger().build();
    DurableEngine engine = engine(trigger, b -> {});
    publish("eu", "m-0", order("o-0", 10));
    publish("eu", "m-0", order("o-0", 10)); // the publisher's retry
    publish("eu", "m-1", order("o-1", 11));
    engine.start();

    Await.until("3 messages handled", () -> trigger.stats().consumed() == 3);
    Await.until("2 runs completed", () -> runs(engine, RunState.COMPLETED).size() == 2);
    assertEquals(2, runs(engine).size());
    assertEquals(once(2), ledger.confirmations());
    assertEquals(2, trigger.stats().started());
    assertEquals(1, trigger.stats().duplicates());
  }

  @Test
  void withAContentHashMessagesWithoutAnIdStartOneRunPerDistinctContent() throws Exception {
    RabbitTrigger<Order> trigger =
        trigger().identity(MessageIdentity.MESSAGE_ID_OR_CONTENT_HASH).build();
    DurableEngine engine = engine(trigger, b -> {});
    publish("eu", null, order("o-0", 10));
    publish("eu", null, order("o-0", 10)); // the same content: the same run (the trade-off)
    publish("us", null, order("o-0", 10)); // another routing key: another run
    publish("eu", "m-1", order("o-1", 11)); // an id wins over the content
    engine.start();

    Await.until("4 messages handled", () -> trigger.stats().consumed() == 4);
    Await.until("3 runs completed", () -> runs(engine, RunState.COMPLETED).size() == 3);
    Set<String> ids = new TreeSet<>();
    runs(engine).forEach(run -> ids.add(run.id()));
    byte[] body = order("o-0", 10).getBytes(StandardCharsets.UTF_8);
    assertEquals(new TreeSet<>(List.of(RabbitTrigger.contentRunId(orders, "orders.eu", body),
        RabbitTrigger.contentRunId(orders, "orders.us", body),
        RabbitTrigger.runId(orders, "m-1"))), ids);
    assertEquals(1, trigger.stats().duplicates());
  }

  @Test
  void aMessageWithoutAnIdIsDeadLetteredWhenTheIdentityIsTheMessageId() throws Exception {
    RabbitTrigger<Order> trigger = trigger().build();
    DurableEngine engine = engine(trigger, b -> {});
    publish("eu", null, order("o-0", 10));
    publish("eu", "m-1", order("o-1", 11));
    engine.start();

    Await.until("1 run completed", () -> runs(engine, RunState.COMPLETED).size() == 1);
    Await.until("1 dead letter", () -> trigger.stats().deadLettered() == 1);
    GetResponse letter = channel.basicGet(dead, true);
    assertNotNull(letter, "the message is in the dead-letter queue");
    String reason = letter.getProps().getHeaders().get(RabbitTrigger.REASON_HEADER).toString();
    assertTrue(reason.startsWith("the message has no message-id"), reason);
    assertNull(letter.getProps().getHeaders().get(RabbitTrigger.RUN_ID_HEADER));
  }

  @Test
  void aStartThatFindsTheStoreAwayIsHandedBackAndStartsItsRunWhenItComesAgain()
      throws Exception {
    Set<String> failed = ConcurrentHashMap.newKeySet();
    RabbitTrigger<Order> trigger = trigger((start, order) -> {
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
  void aStartThatKeepsFailingIsDeadLetteredAfterMaxDeliveries() throws Exception {
    RabbitTrigger<Order> trigger = trigger((start, order) -> {
      if (order.id().equals("o-1")) {
        throw new IllegalStateException("the pricing service is broken");
      }
      return OrderIntakeWorkflowClient.of(start.engine()).start(start.options(), order);
    }).maxDeliveries(3).build();
    DurableEngine engine = engine(trigger, b -> {});
    publishOrders(3);
    engine.start();

    Await.until("o-1 dead-lettered", () -> trigger.stats().deadLettered() == 1);
    Await.until("2 runs completed", () -> runs(engine, RunState.COMPLETED).size() == 2);
    assertEquals(2, trigger.stats().redelivered(), "handed back twice, dead on the third");
    GetResponse letter = channel.basicGet(dead, true);
    String reason = letter.getProps().getHeaders().get(RabbitTrigger.REASON_HEADER).toString();
    assertTrue(reason.contains("the pricing service is broken")
        && reason.contains("failed on each of its 3 deliveries"), reason);
  }

  @Test
  void messagesThatCameWhileTheDatabaseWasAwayStartTheirRunsOnceItIsBack() throws Exception {
    CuttableDataSource database = store.cuttable();
    RabbitTrigger<Order> trigger = trigger().build();
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
    assertEquals(0, trigger.stats().deadLettered());
    closeEngines();
    assertEquals(0, ready(orders), "every message acknowledged");
  }

  @Test
  void poisonMessagesGoToTheDeadLetterQueueWithTheirReasonAndBlockNothingBehindThem()
      throws Exception {
    RabbitTrigger<Order> trigger = trigger().build();
    DurableEngine engine = engine(trigger, b -> {});
    publish("eu", "m-0", order("o-0", 10));
    publish("eu", "m-bad", "this is not JSON");          // cannot be decoded
    publish("eu", "m-1", order("o-1", 11));
    publish("us", "m-refused", order("refused", -5));    // the run refuses its input
    publish("eu", "m-2", order("o-2", 12));
    engine.start();

    Await.until("3 runs completed", () -> runs(engine, RunState.COMPLETED).size() == 3);
    Await.until("2 dead letters", () -> trigger.stats().deadLettered() == 2);
    assertEquals(once(3), ledger.confirmations());
    assertEquals(3, runs(engine).size(), "nothing stored for the poison messages");

    GetResponse undecodable = channel.basicGet(dead, true);
    assertEquals("this is not JSON", new String(undecodable.getBody(), StandardCharsets.UTF_8));
    Map<String, Object> headers = undecodable.getProps().getHeaders();
    String reason = headers.get(RabbitTrigger.REASON_HEADER).toString();
    assertTrue(reason.startsWith("cannot decode the message: "), reason);
    assertEquals(orders, headers.get(RabbitTrigger.QUEUE_HEADER).toString());
    assertEquals(exchange, headers.get(RabbitTrigger.EXCHANGE_HEADER).toString());
    assertEquals("orders.eu", headers.get(RabbitTrigger.ROUTING_KEY_HEADER).toString());
    assertEquals(RabbitTrigger.runId(orders, "m-bad"),
        headers.get(RabbitTrigger.RUN_ID_HEADER).toString());
    assertEquals("m-bad", undecodable.getProps().getMessageId(), "the properties are kept");
    assertEquals(2, undecodable.getProps().getDeliveryMode(), "a dead letter is persistent");

    GetResponse refused = channel.basicGet(dead, true);
    assertEquals("m-refused", refused.getProps().getMessageId());
    String refusal = refused.getProps().getHeaders().get(RabbitTrigger.REASON_HEADER).toString();
    assertTrue(refusal.startsWith("InvalidInputException: ") && refusal.contains("amount"),
        refusal);
    assertNull(channel.basicGet(dead, true), "nothing else dead-lettered");
    closeEngines();
    assertEquals(0, ready(orders), "every message acknowledged, the poison ones too");
  }

  @Test
  void aPoisonMessageThatNoQueueTakesIsKeptUntilTheDeadLetterExchangeRoutesIt() throws Exception {
    String deadExchange = "dead-x-" + orders;
    channel.exchangeDeclare(deadExchange, "direct", false);
    try {
      RabbitTrigger<Order> trigger = trigger().deadLetter(deadExchange, "poison").build();
      DurableEngine engine = engine(trigger, b -> {});
      publish("eu", "m-bad", "this is not JSON");
      publish("eu", "m-0", order("o-0", 10));
      engine.start();

      // the exchange has no binding: the broker returns the copy, and the original is kept
      Await.until("the unroutable dead letter handed back",
          () -> trigger.stats().redelivered() >= 1);
      Await.until("the message behind it went on",
          () -> runs(engine, RunState.COMPLETED).size() == 1);
      assertEquals(0, trigger.stats().deadLettered());
      channel.queueBind(dead, deadExchange, "poison");

      Await.until("dead-lettered once the exchange routes it",
          () -> trigger.stats().deadLettered() == 1);
      GetResponse letter = channel.basicGet(dead, true);
      assertEquals("this is not JSON", new String(letter.getBody(), StandardCharsets.UTF_8));
      assertNull(channel.basicGet(dead, true), "one copy only");
      closeEngines();
      assertEquals(0, ready(orders));
    } finally {
      channel.exchangeDelete(deadExchange);
    }
  }

  @Test
  void setAsidePoisonMessagesAreRejectedToTheQueuesOwnDeadLetterExchange() throws Exception {
    // a queue of its own, whose rejected messages RabbitMQ routes to the dead-letter queue
    channel.queueDelete(orders);
    channel.queueDeclare(orders, false, false, false, Map.of("x-dead-letter-exchange", "",
        "x-dead-letter-routing-key", dead));
    channel.queueBind(orders, exchange, "orders.#");
    RabbitTrigger<Order> trigger = RabbitTrigger.builder(rabbit).rabbitQueue(orders)
        .decode(MessageDecoder.json(Order.class))
        .start((start, order) ->
            OrderIntakeWorkflowClient.of(start.engine()).start(start.options(), order))
        .setAside().build();
    DurableEngine engine = engine(trigger, b -> {});
    publish("eu", "m-bad", "{");
    publish("eu", "m-0", order("o-0", 10));
    engine.start();

    Await.until("the run completed", () -> runs(engine, RunState.COMPLETED).size() == 1);
    Await.until("the poison message set aside", () -> trigger.stats().deadLettered() == 1);
    closeEngines();
    assertEquals(0, ready(orders), "the poison message is not requeued");
    GetResponse rejected = channel.basicGet(dead, true);
    assertEquals("{", new String(rejected.getBody(), StandardCharsets.UTF_8),
        "RabbitMQ dead-lettered it as the queue says");
    assertNull(rejected.getProps().getHeaders().get(RabbitTrigger.REASON_HEADER),
        "not published by the trigger");
    assertTrue(rabbit.isOpen(), "the caller's connection stays open");
  }

  @Test
  void aTriggerHoldsBackWhileItsQueueIsAtItsBoundAndGoesOnAsItDrains() throws Exception {
    RabbitTrigger<Order> trigger = trigger().queue("intake", 4)
        .partitionKey(RabbitTrigger.routingKeyToken(1)).build();
    DurableEngine engine = engine(trigger, b -> b.queue(Queue.named("intake").concurrency(2)));
    engine.pauseQueue("intake"); // nothing is admitted: the runs stored wait in the queue
    publishOrders(10);
    engine.start();

    Await.until("the trigger holds back", () -> trigger.stats().paused());
    assertEquals(4, runs(engine, RunState.ENQUEUED).size(), "the bound holds: 4 runs wait");
    assertEquals(4, runs(engine).size(), "no run stored beyond the bound");
    Await.until("RabbitMQ holds the 6 other messages, with no consumer on the queue",
        () -> ready(orders) == 6 && consumers(orders) == 0);
    Await.until("the trigger reports them as its lag", () ->
        trigger.stats().lag().orElse(-1) == 6);
    assertEquals(4, trigger.stats().started());
    assertEquals(4, runs(engine).size(), "still no run beyond the bound");

    engine.resumeQueue("intake");
    Await.until("10 runs completed", () -> runs(engine, RunState.COMPLETED).size() == 10);
    assertEquals(once(10), ledger.confirmations());
    Await.until("the trigger goes on", () -> !trigger.stats().paused());
    runs(engine).forEach(run -> {
      assertEquals(Optional.of("intake"), run.queue());
      assertEquals(Optional.of("eu"), run.partitionKey(), "the routing key's second token");
    });
  }

  @Test
  void twoEnginesShareTheQueueAndStartEachMessagesRunOnce() throws Exception {
    RabbitTrigger<Order> first = trigger().name("first").build();
    RabbitTrigger<Order> second = trigger().name("second").build();
    DurableEngine a = engine(first, b -> b.engineId("engine-a"));
    DurableEngine b = engine(second, x -> x.engineId("engine-b"));
    a.start();
    b.start();
    publishOrders(40);

    Await.until("40 runs completed", () -> runs(a, RunState.COMPLETED).size() == 40);
    assertEquals(40, runs(a).size());
    assertEquals(once(40), ledger.confirmations());
    Await.until("every message counted",
        () -> first.stats().started() + second.stats().started() == 40);
    assertEquals(0, first.stats().duplicates() + second.stats().duplicates());
  }

  @Test
  void aConnectionCutLosesNoMessageAndStartsNoRunTwice() throws Exception {
    try (CuttableProxy proxy = new CuttableProxy(factory.getHost(), factory.getPort())) {
      ConnectionFactory throughProxy = factory.clone();
      throughProxy.setHost(InetAddress.getLoopbackAddress().getHostAddress());
      throughProxy.setPort(proxy.port());
      CountDownLatch stored = new CountDownLatch(1);
      CountDownLatch cut = new CountDownLatch(1);
      Set<String> heldOnce = ConcurrentHashMap.newKeySet();
      RabbitTrigger<Order> trigger = RabbitTrigger.builder(throughProxy).rabbitQueue(orders)
          .decode(MessageDecoder.json(Order.class))
          .start((start, order) -> {
            var handle = OrderIntakeWorkflowClient.of(start.engine()).start(start.options(), order);
            if (order.id().equals("o-2") && heldOnce.add(order.id())) {
              // o-2's run is stored, its message not acknowledged yet: the network fails now
              stored.countDown();
              awaitLatch(cut);
            }
            return handle;
          })
          .deadLetter(dead).retryDelay(Duration.ofMillis(100)).build();
      DurableEngine engine = engine(trigger, b -> {});
      engine.start();
      publishOrders(5);
      assertTrue(stored.await(30, TimeUnit.SECONDS), "o-2's start was reached");
      proxy.cut();
      cut.countDown();

      Await.until("5 runs completed", () -> runs(engine, RunState.COMPLETED).size() == 5);
      assertEquals(5, runs(engine).size());
      assertEquals(once(5), ledger.confirmations());
      // the messages not acknowledged before the cut came again, found their runs, and were
      // acknowledged as duplicates
      Await.until("o-2 came again as a duplicate", () -> trigger.stats().duplicates() >= 1);
      engine.close(); // the trigger finishes the message in hand: its counts are final
      TriggerInfo stats = trigger.stats();
      assertEquals(5, stats.started());
      assertEquals(stats.consumed(), stats.started() + stats.duplicates(),
          "every delivery started its run or found it");
      assertEquals(0, stats.deadLettered());

      // a redelivery may still have been on its way when the engine closed: it is back in the
      // queue once the broker dropped the trigger's consumer, and another engine takes it
      Await.until("the closed trigger's consumer is gone", () -> consumers(orders) == 0);
      long left = ready(orders);
      RabbitTrigger<Order> next = trigger().name("next").build();
      DurableEngine nextEngine = engine(next, b -> {});
      nextEngine.start();
      Await.until("what was left taken again", () -> next.stats().consumed() == left);
      nextEngine.close();
      assertEquals(left, next.stats().duplicates(), "what was left had started its runs");
      assertEquals(0, next.stats().started());
      assertEquals(0, ready(orders), "every message acknowledged in the end");
      assertEquals(once(5), ledger.confirmations());
    }
  }

  private static void awaitLatch(CountDownLatch latch) {
    try {
      if (!latch.await(30, TimeUnit.SECONDS)) {
        throw new AssertionError("the test did not cut the connection");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }

  @Test
  void aQueueThatDoesNotExistFailsTheEnginesStartSayingWhatToDo() {
    RabbitTrigger<Order> trigger = RabbitTrigger.builder(factory).rabbitQueue("no-such-" + orders)
        .decode(MessageDecoder.json(Order.class))
        .start((start, order) ->
            OrderIntakeWorkflowClient.of(start.engine()).start(start.options(), order))
        .setAside().build();
    DurableEngine engine = engine(trigger, b -> {});
    IllegalStateException e = assertThrows(IllegalStateException.class, engine::start);
    assertTrue(e.getMessage().contains("which the RabbitMQ broker does not have")
        && e.getMessage().contains("declare it"), e.getMessage());
  }

  @Test
  void aDeadLetterQueueThatDoesNotExistFailsTheEnginesStart() {
    RabbitTrigger<Order> trigger = trigger().deadLetter("no-such-" + dead).build();
    DurableEngine engine = engine(trigger, b -> {});
    IllegalStateException e = assertThrows(IllegalStateException.class, engine::start);
    assertTrue(e.getMessage().contains("dead-letters to queue no-such-" + dead), e.getMessage());
  }
}
