package dev.durable.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.trigger.MessageDecoder;
import dev.durable.trigger.testing.Order;
import dev.durable.trigger.testing.OrderIntakeWorkflowClient;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

/** What {@link KafkaTrigger.Builder} refuses, and how it says so; no broker needed. */
class KafkaTriggerBuilderTest {

  private static KafkaTrigger.Builder<Order> complete() {
    return KafkaTrigger.builder("127.0.0.1:9092").topic("orders").groupId("checkout")
        .decode(MessageDecoder.json(Order.class))
        .start((start, order) ->
            OrderIntakeWorkflowClient.of(start.engine()).start(start.options(), order));
  }

  private static void refused(Class<? extends Exception> type, String message,
      Runnable build) {
    Exception e = assertThrows(type, build::run);
    assertTrue(e.getMessage().contains(message), e.getMessage());
  }

  @Test
  void aCompleteBuilderNamesTheTriggerAfterItsGroupAndTopics() {
    KafkaTrigger<Order> trigger = complete().topic("returns").setAside().build();
    assertEquals("checkout/orders,returns", trigger.name());
    assertEquals("kafka:checkout:orders:2:17", KafkaTrigger.runId("checkout", "orders", 2, 17));
  }

  @Test
  void consumerPropertiesMayNameTheGroup() {
    Properties properties = new Properties();
    properties.setProperty("bootstrap.servers", "127.0.0.1:9092");
    properties.setProperty("group.id", "billing");
    KafkaTrigger<Order> trigger = KafkaTrigger.builder(properties).topic("orders")
        .decode(MessageDecoder.json(Order.class))
        .start((start, order) ->
            OrderIntakeWorkflowClient.of(start.engine()).start(start.options(), order))
        .setAside().build();
    assertEquals("billing/orders", trigger.name());
  }

  @Test
  void poisonRecordsNeedAChoice() {
    refused(IllegalStateException.class, "needs a choice for poison records",
        () -> complete().build());
    refused(IllegalStateException.class, "has both deadLetter(\"dead\") and setAside()",
        () -> complete().deadLetter("dead").setAside().build());
    refused(IllegalStateException.class, "consumes its own dead-letter topic",
        () -> complete().deadLetter("orders").build());
  }

  @Test
  void whatIsMissingIsNamed() {
    refused(IllegalStateException.class, "needs topic(\"orders\")",
        () -> KafkaTrigger.builder("h:1").groupId("g").setAside().build());
    refused(IllegalStateException.class, "needs groupId(\"checkout\")",
        () -> KafkaTrigger.builder("h:1").topic("t").setAside().build());
    refused(IllegalStateException.class, "set decode(...) before start(...)",
        () -> KafkaTrigger.builder("h:1").start((start, body) -> null));
    refused(IllegalArgumentException.class, "need bootstrap.servers",
        () -> KafkaTrigger.builder(Map.of("group.id", "g")));
  }

  @Test
  void theTriggersOwnSettingsAreRefused() {
    refused(IllegalArgumentException.class, "commits offsets itself",
        () -> complete().property("enable.auto.commit", "true"));
    refused(IllegalArgumentException.class, "reads records as bytes",
        () -> complete().property("value.deserializer", "x.MyDeserializer"));
    refused(IllegalStateException.class, "a partitionKey needs a queue",
        () -> complete().partitionKey(KafkaTrigger.recordKey()).setAside().build());
  }

  @Test
  void namesKafkaRefusesAndRunIdsTooLongAreRefused() {
    refused(IllegalArgumentException.class, "may hold letters, digits, '.', '_' and '-' only",
        () -> complete().topic("orders/eu"));
    refused(IllegalStateException.class, "and the store keeps 200",
        () -> complete().groupId("g".repeat(180)).setAside().build());
  }

  @Test
  void partitionKeysComeFromTheRecordsKeyOrAHeader() {
    ConsumerRecord<byte[], byte[]> keyed = new ConsumerRecord<>("orders", 0, 7L,
        "tenant-42".getBytes(StandardCharsets.UTF_8), new byte[0]);
    keyed.headers().add("tenant", "t-1".getBytes(StandardCharsets.UTF_8));
    keyed.headers().add("tenant", "t-2".getBytes(StandardCharsets.UTF_8));
    ConsumerRecord<byte[], byte[]> bare = new ConsumerRecord<>("orders", 0, 8L, null,
        new byte[0]);
    assertEquals("tenant-42", KafkaTrigger.recordKey().apply(keyed));
    assertEquals("t-2", KafkaTrigger.header("tenant").apply(keyed), "the header's last value");
    assertNull(KafkaTrigger.recordKey().apply(bare), "no key: no partition key");
    assertNull(KafkaTrigger.header("tenant").apply(bare));
  }
}
