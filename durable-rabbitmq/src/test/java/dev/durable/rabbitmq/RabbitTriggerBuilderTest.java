package dev.durable.rabbitmq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.Delivery;
import com.rabbitmq.client.Envelope;
import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.trigger.MessageDecoder;
import dev.durable.runtime.trigger.TriggerContext;
import dev.durable.trigger.testing.Order;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * What needs no broker: the builder's refusals, each saying what to do, and how a message's run id
 * and partition key are derived. Runs in every build, also where RabbitMQ is not set up.
 */
class RabbitTriggerBuilderTest {
  private final ConnectionFactory factory = new ConnectionFactory();

  private RabbitTrigger.Builder<Order> complete() {
    return RabbitTrigger.builder(factory).rabbitQueue("orders")
        .decode(MessageDecoder.json(Order.class))
        .start((start, order) -> {
          throw new AssertionError("not started here");
        });
  }

  @Test
  void aTriggerIsNamedAfterItsQueueUnlessNamed() {
    assertEquals("orders", complete().setAside().build().name());
    assertEquals("intake", complete().setAside().name("intake").build().name());
  }

  @Test
  void whatIsMissingIsNamedWithWhatToCall() {
    IllegalStateException noQueue = assertThrows(IllegalStateException.class,
        () -> RabbitTrigger.builder(factory).setAside().build());
    assertTrue(noQueue.getMessage().contains("rabbitQueue(\"orders\")"), noQueue.getMessage());
    IllegalStateException noChoice =
        assertThrows(IllegalStateException.class, () -> complete().build());
    assertTrue(noChoice.getMessage().contains("deadLetter(\"<queue>\")")
        && noChoice.getMessage().contains("setAside()"), noChoice.getMessage());
    IllegalStateException both = assertThrows(IllegalStateException.class,
        () -> complete().deadLetter("dead").setAside().build());
    assertTrue(both.getMessage().contains("choose one"), both.getMessage());
    IllegalStateException starterFirst = assertThrows(IllegalStateException.class,
        () -> RabbitTrigger.builder(factory).start((start, body) -> null));
    assertTrue(starterFirst.getMessage().contains("set decode(...) before start(...)"));
  }

  @Test
  void settingsThatCannotWorkAreRefused() {
    IllegalStateException loop = assertThrows(IllegalStateException.class,
        () -> complete().deadLetter("orders").build());
    assertTrue(loop.getMessage().contains("the queue it consumes"), loop.getMessage());
    IllegalStateException keyWithoutQueue = assertThrows(IllegalStateException.class,
        () -> complete().setAside().partitionKey(RabbitTrigger.routingKeyToken(1)).build());
    assertTrue(keyWithoutQueue.getMessage().contains("a partitionKey needs a queue"));
    assertEquals("a trigger's prefetch must be at most 65535 (RabbitMQ's limit), but was 70000",
        assertThrows(IllegalArgumentException.class, () -> complete().prefetch(70_000))
            .getMessage());
    assertEquals("a trigger's maxWaiting must be at least 1, but was 0",
        assertThrows(IllegalArgumentException.class, () -> complete().queue("intake", 0))
            .getMessage());
    ConnectionFactory noRecovery = new ConnectionFactory();
    noRecovery.setAutomaticRecoveryEnabled(false);
    IllegalArgumentException recovery = assertThrows(IllegalArgumentException.class,
        () -> RabbitTrigger.builder(noRecovery));
    assertTrue(recovery.getMessage().contains("setAutomaticRecoveryEnabled(true)"));
  }

  @Test
  void aBrokerThatCannotBeReachedFailsTheStartSayingWhatToCheck() throws Exception {
    ConnectionFactory nowhere = new ConnectionFactory();
    nowhere.setHost("127.0.0.1");
    try (ServerSocket closed = new ServerSocket(0)) {
      nowhere.setPort(closed.getLocalPort()); // a port nothing listens on once it is closed
    }
    nowhere.setConnectionTimeout(5_000);
    RabbitTrigger<Order> trigger = RabbitTrigger.builder(nowhere).rabbitQueue("orders")
        .decode(MessageDecoder.json(Order.class))
        .start((start, order) -> null).setAside().build();
    TriggerContext context = new TriggerContext() {
      @Override
      public DurableEngine engine() {
        throw new AssertionError("not reached: the connection fails first");
      }

      @Override
      public long queueDepth(String queue) {
        return 0;
      }
    };
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> trigger.start(context));
    assertTrue(e.getMessage().startsWith("trigger orders could not connect to RabbitMQ at"
        + " 127.0.0.1:" + nowhere.getPort()) && e.getMessage().contains("check that the broker"
        + " runs"), e.getMessage());
    trigger.close();
  }

  @Test
  void aRunIdIsTheQueueAndTheMessageIdOrTheContentsHash() {
    assertEquals("rabbitmq:orders:id:m-42", RabbitTrigger.runId("orders", "m-42"));
    byte[] body = "{}".getBytes(StandardCharsets.UTF_8);
    String content = RabbitTrigger.contentRunId("orders", "orders.eu", body);
    assertTrue(content.matches("rabbitmq:orders:sha256:[0-9a-f]{64}"), content);
    assertEquals(content, RabbitTrigger.contentRunId("orders", "orders.eu", body.clone()));
    assertNotEquals(content, RabbitTrigger.contentRunId("orders", "orders.us", body));
    assertNotEquals(content, RabbitTrigger.contentRunId("refunds", "orders.eu", body));
    // the routing key and the body are kept apart: "a" + "bc" is not "ab" + "c"
    assertNotEquals(RabbitTrigger.contentRunId("q", "a", "bc".getBytes(StandardCharsets.UTF_8)),
        RabbitTrigger.contentRunId("q", "ab", "c".getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void aMessageIdTheStoreCannotKeepBecomesItsHash() {
    String longId = "m".repeat(250);
    String id = RabbitTrigger.runId("orders", longId);
    assertTrue(id.matches("rabbitmq:sha256:[0-9a-f]{64}"), id);
    assertEquals(id, RabbitTrigger.runId("orders", longId), "the same for every delivery");
    assertTrue(RabbitTrigger.runId("orders", "m\u0000").startsWith("rabbitmq:sha256:"));
  }

  @Test
  void theIdentityDecidesWhatAMessageWithoutAnIdGets() {
    byte[] body = "{}".getBytes(StandardCharsets.UTF_8);
    assertEquals(Optional.empty(),
        RunIds.of("orders", MessageIdentity.MESSAGE_ID, null, "orders.eu", body));
    assertEquals(Optional.of(RabbitTrigger.contentRunId("orders", "orders.eu", body)),
        RunIds.of("orders", MessageIdentity.MESSAGE_ID_OR_CONTENT_HASH, "", "orders.eu", body));
    assertEquals(Optional.of("rabbitmq:orders:id:m-1"),
        RunIds.of("orders", MessageIdentity.MESSAGE_ID_OR_CONTENT_HASH, "m-1", "orders.eu", body));
    assertEquals(Optional.of(RabbitTrigger.contentRunId("orders", "orders.eu", body)),
        RunIds.of("orders", MessageIdentity.CONTENT_HASH, "m-1", "orders.eu", body));
  }

  @Test
  void partitionKeysComeFromTheRoutingKeyOrAHeader() {
    AMQP.BasicProperties properties = new AMQP.BasicProperties.Builder()
        .headers(Map.of("tenant", "t-7")).build();
    Delivery delivery = new Delivery(new Envelope(1, false, "orders-x", "orders.eu.created"),
        properties, new byte[0]);
    assertEquals("eu", RabbitTrigger.routingKeyToken(1).apply(delivery));
    assertNull(RabbitTrigger.routingKeyToken(3).apply(delivery));
    assertEquals("t-7", RabbitTrigger.header("tenant").apply(delivery));
    assertNull(RabbitTrigger.header("region").apply(delivery));
    assertThrows(IllegalArgumentException.class, () -> RabbitTrigger.routingKeyToken(-1));
  }
}
