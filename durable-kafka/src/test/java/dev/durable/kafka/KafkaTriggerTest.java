package dev.durable.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.build.StoreVariants;
import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.Queue;
import dev.durable.runtime.RunFilter;
import dev.durable.runtime.RunInfo;
import dev.durable.runtime.RunState;
import dev.durable.runtime.StoreException;
import dev.durable.runtime.trigger.MessageDecoder;
import dev.durable.runtime.trigger.RunStarter;
import dev.durable.runtime.trigger.TriggerStats;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A {@link KafkaTrigger} against a real KRaft broker started in this JVM ({@link KraftBroker},
 * one for the class), each test on topics and a consumer group of its own: what users rely on,
 * one run per record, duplicates that start nothing, poison records that block nothing, a queue's
 * bound that holds, and records that wait out an outage of the database. On H2 in the first half
 * of the build and on PostgreSQL in the second ({@code DURABLE_PG_URL}, tag {@value
 * StoreVariants#TAG}).
 */
@Tag(StoreVariants.TAG)
class KafkaTriggerTest {
  private static KraftBroker broker;
  private static KafkaProducer<String, String> producer;

  private final Ledger ledger = new Ledger();
  private final List<DurableEngine> engines = new ArrayList<>();
  private TestStore store;
  private String topic;
  private String deadTopic;
  private String group;

  @BeforeAll
  static void startBroker() throws Exception {
    broker = KraftBroker.start();
    producer = new KafkaProducer<>(broker.clientProperties(), new StringSerializer(),
        new StringSerializer());
  }

  @AfterAll
  static void stopBroker() {
    if (producer != null) {
      producer.close();
    }
    if (broker != null) {
      broker.close();
    }
  }

  @BeforeEach
  void open() throws Exception {
    String id = UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    topic = "orders-" + id;
    deadTopic = "dead-" + id;
    group = "intake-" + id;
    broker.createTopic(topic, 1);
    broker.createTopic(deadTopic, 1);
    store = TestStore.open();
  }

  @AfterEach
  void close() {
    engines.forEach(DurableEngine::close);
    if (store != null) {
      store.close();
    }
  }

  /** The trigger most tests use: JSON orders, started by the generated client, dead letters. */
  private KafkaTrigger.Builder<Order> trigger() {
    return trigger((start, order) ->
        OrderIntakeWorkflowClient.of(start.engine()).start(start.options(), order));
  }

  private KafkaTrigger.Builder<Order> trigger(RunStarter<Order> starter) {
    return KafkaTrigger.builder(broker.bootstrapServers()).topic(topic).groupId(group)
        .decode(MessageDecoder.json(Order.class)).start(starter).deadLetter(deadTopic)
        .pollTimeout(Duration.ofMillis(200))
        .retryDelay(Duration.ofMillis(100));
  }

  private DurableEngine engine(KafkaTrigger<Order> trigger, Consumer<DurableEngine.Builder> more) {
    DurableEngine.Builder builder =
        store.engine().register(new OrderIntakeWorkflowDurable(ledger)).trigger(trigger);
    more.accept(builder);
    DurableEngine engine = builder.build();
    engines.add(engine);
    return engine;
  }

  private RecordMetadata send(String key, String value) throws Exception {
    return producer.send(new ProducerRecord<>(topic, key, value)).get(30, TimeUnit.SECONDS);
  }

  private List<RecordMetadata> sendOrders(int count) throws Exception {
    List<RecordMetadata> sent = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      sent.add(send("eu", order("o-" + i, 10 + i)));
    }
    return sent;
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

  /** The group's committed offset of partition 0 of the test's topic; -1 before any commit. */
  private long committed() {
    try {
      Map<TopicPartition, OffsetAndMetadata> offsets = broker.admin()
          .listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata()
          .get(30, TimeUnit.SECONDS);
      OffsetAndMetadata offset = offsets.get(new TopicPartition(topic, 0));
      return offset == null ? -1 : offset.offset();
    } catch (Exception e) {
      throw new AssertionError("cannot read the group's offsets", e);
    }
  }

  /** The records of the dead-letter topic, read from its start, once {@code count} are there. */
  private List<ConsumerRecord<byte[], byte[]>> deadLetters(int count) {
    Properties properties = broker.clientProperties();
    List<ConsumerRecord<byte[], byte[]>> records = new ArrayList<>();
    try (KafkaConsumer<byte[], byte[]> reader = new KafkaConsumer<>(properties,
        new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
      TopicPartition partition = new TopicPartition(deadTopic, 0);
      reader.assign(List.of(partition));
      reader.seekToBeginning(List.of(partition));
      Await.until(count + " dead letters read", () -> {
        reader.poll(Duration.ofMillis(100)).forEach(records::add);
        return records.size() >= count;
      });
    }
    return records;
  }

  private static String header(ConsumerRecord<byte[], byte[]> record, String name) {
    var header = record.headers().lastHeader(name);
    return header == null ? null : new String(header.value(), StandardCharsets.UTF_8);
  }

  @Test
  void eachRecordStartsOneRunWhichCompletesOnceAndItsOffsetIsCommitted() throws Exception {
    KafkaTrigger<Order> trigger = trigger().build();
    DurableEngine engine = engine(trigger, b -> {});
    List<RecordMetadata> sent = sendOrders(25);
    engine.start();

    Await.until("25 runs completed", () -> runs(engine, RunState.COMPLETED).size() == 25);
    assertEquals(25, runs(engine).size(), "no run besides one per record");
    assertEquals(once(25), ledger.confirmations(), "each order confirmed once");
    Set<String> ids = new HashSet<>();
    runs(engine).forEach(run -> ids.add(run.id()));
    for (RecordMetadata record : sent) {
      String id = KafkaTrigger.runId(group, topic, record.partition(), record.offset());
      assertTrue(ids.contains(id), "the run of offset " + record.offset() + " is " + id);
    }
    Await.until("every offset committed", () -> committed() == 25);
    TriggerStats stats = trigger.stats();
    assertEquals(25, stats.consumed());
    assertEquals(25, stats.started());
    assertEquals(0, stats.duplicates());
    assertEquals(0, stats.deadLettered());
    assertEquals(0, stats.redelivered());
    assertFalse(stats.paused());
  }

  @Test
  void recordsRedeliveredAfterAConsumerDiedBeforeItsCommitAreDuplicatesAndStartNothing()
      throws Exception {
    List<RecordMetadata> sent = sendOrders(6);
    // A consumer of the group takes the first 4 records and stores their runs, as the trigger
    // does, then goes away without committing: as if its process had died before the commit.
    KafkaTrigger<Order> trigger = trigger().build();
    DurableEngine engine = engine(trigger, b -> {});
    Properties properties = broker.clientProperties();
    properties.put("group.id", group);
    properties.put("enable.auto.commit", "false");
    properties.put("auto.offset.reset", "earliest");
    properties.put("max.poll.records", "4");
    try (KafkaConsumer<byte[], byte[]> crashing = new KafkaConsumer<>(properties,
        new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
      crashing.subscribe(List.of(topic));
      List<ConsumerRecord<byte[], byte[]>> taken = new ArrayList<>();
      Await.until("the first consumer took 4 records", () -> {
        crashing.poll(Duration.ofMillis(100)).forEach(taken::add);
        return taken.size() == 4;
      });
      for (ConsumerRecord<byte[], byte[]> record : taken) {
        Order order = MessageDecoder.json(Order.class).decode(record.value());
        OrderIntakeWorkflowClient.of(engine).start(
            KafkaTrigger.runId(group, record.topic(), record.partition(), record.offset()),
            order);
      }
    }
    assertEquals(-1, committed(), "nothing committed");

    engine.start();

    Await.until("6 runs completed", () -> runs(engine, RunState.COMPLETED).size() == 6);
    Await.until("every offset committed", () -> committed() == 6);
    assertEquals(6, runs(engine).size(), "no run besides one per record");
    assertEquals(once(6), ledger.confirmations(), "each order confirmed once");
    TriggerStats stats = trigger.stats();
    assertEquals(6, stats.consumed(), "every record came to the trigger");
    assertEquals(4, stats.duplicates(), "the 4 whose runs were stored start nothing");
    assertEquals(2, stats.started());
    assertEquals(sent.size(), stats.duplicates() + stats.started());
  }
}
