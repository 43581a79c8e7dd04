package dev.durable.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.build.OnPostgres;
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
import dev.durable.trigger.testing.KraftBroker;
import dev.durable.trigger.testing.Ledger;
import dev.durable.trigger.testing.Order;
import dev.durable.trigger.testing.OrderIntakeWorkflowClient;
import dev.durable.trigger.testing.OrderIntakeWorkflowDurable;
import dev.durable.trigger.testing.TestStore;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.apache.kafka.clients.admin.OffsetSpec;
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
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@link KafkaTrigger} against a real KRaft broker started in this JVM ({@link KraftBroker},
 * one for the class), each test on topics and a consumer group of its own: what users rely on,
 * one run per record, duplicates that start nothing, poison records that block nothing, a queue's
 * bound that holds, and records that wait out an outage of the database. On H2 in the first half
 * of the build and on PostgreSQL in the second ({@code DURABLE_PG_URL}, {@link
 * OnPostgres}).
 */
@OnPostgres
class KafkaTriggerTest {
  /** The session timeout of a crash test's consumers: how soon the group drops a dead one. */
  static final int SESSION_TIMEOUT_MS = 2000;

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
        .fetchWait(Duration.ofMillis(200))
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
    TriggerInfo stats = trigger.stats();
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
    TriggerInfo stats = trigger.stats();
    assertEquals(6, stats.consumed(), "every record came to the trigger");
    assertEquals(4, stats.duplicates(), "the 4 whose runs were stored start nothing");
    assertEquals(2, stats.started());
    assertEquals(sent.size(), stats.duplicates() + stats.started());
  }

  @Test
  void aRecordWhoseRunWasStoredButWhoseStartFailedIsTakenAgainAsADuplicate() throws Exception {
    // the first take of o-3 stores its run, then fails before the offset can pass
    Set<String> failedOnce = ConcurrentHashMap.newKeySet();
    KafkaTrigger<Order> trigger = trigger((start, order) -> {
      var handle = OrderIntakeWorkflowClient.of(start.engine()).start(start.options(), order);
      if (order.id().equals("o-3") && failedOnce.add(order.id())) {
        throw new IllegalStateException("failed after the run was stored");
      }
      return handle;
    }).build();
    DurableEngine engine = engine(trigger, b -> {});
    sendOrders(6);
    engine.start();

    Await.until("6 runs completed", () -> runs(engine, RunState.COMPLETED).size() == 6);
    Await.until("every offset committed", () -> committed() == 6);
    assertEquals(6, runs(engine).size());
    assertEquals(once(6), ledger.confirmations());
    TriggerInfo stats = trigger.stats();
    // o-3's first take stored its run, but its start failed: it counts as taken again, and its
    // second take as the duplicate; the records behind it waited for it, in order
    assertEquals(7, stats.consumed(), "o-3 twice");
    assertEquals(5, stats.started());
    assertEquals(1, stats.duplicates());
    assertEquals(1, stats.redelivered());
    assertEquals(0, stats.deadLettered());
  }

  @Test
  void aStartThatFindsTheStoreAwayIsTakenAgainHoweverOftenAndNeverDeadLettered()
      throws Exception {
    Set<String> failed = ConcurrentHashMap.newKeySet();
    KafkaTrigger<Order> trigger = trigger((start, order) -> {
      if (order.id().equals("o-1") && failed.size() < 3 && failed.add("attempt-" + failed.size())) {
        throw new StoreException("the database is away", null);
      }
      return OrderIntakeWorkflowClient.of(start.engine()).start(start.options(), order);
    }).maxDeliveries(2).build();
    DurableEngine engine = engine(trigger, b -> {});
    sendOrders(3);
    engine.start();

    Await.until("3 runs completed", () -> runs(engine, RunState.COMPLETED).size() == 3);
    Await.until("every offset committed", () -> committed() == 3);
    assertEquals(once(3), ledger.confirmations());
    TriggerInfo stats = trigger.stats();
    assertEquals(3, stats.redelivered(), "an outage is not counted against maxDeliveries");
    assertEquals(0, stats.deadLettered());
    assertEquals(3, stats.started());
  }

  @Test
  void aStartThatKeepsFailingIsDeadLetteredAfterMaxDeliveriesAndTheRestGoOn() throws Exception {
    KafkaTrigger<Order> trigger = trigger((start, order) -> {
      if (order.id().equals("o-1")) {
        throw new IllegalStateException("the pricing service says no");
      }
      return OrderIntakeWorkflowClient.of(start.engine()).start(start.options(), order);
    }).maxDeliveries(3).build();
    DurableEngine engine = engine(trigger, b -> {});
    sendOrders(3);
    engine.start();

    Await.until("2 runs completed", () -> runs(engine, RunState.COMPLETED).size() == 2);
    Await.until("every offset committed", () -> committed() == 3);
    ConsumerRecord<byte[], byte[]> dead = deadLetters(1).get(0);
    String reason = header(dead, KafkaTrigger.REASON_HEADER);
    assertTrue(reason.startsWith("IllegalStateException: the pricing service says no")
        && reason.endsWith("(the start failed each of the 3 times the record was taken)"), reason);
    TriggerInfo stats = trigger.stats();
    assertEquals(2, stats.redelivered());
    assertEquals(1, stats.deadLettered());
    assertEquals(2, stats.started());
  }

  @Test
  void recordsThatCameWhileTheDatabaseWasCutOffStartTheirRunsOnceItIsBack() throws Exception {
    CuttableDataSource database = store.cuttable();
    KafkaTrigger<Order> trigger = trigger().build();
    DurableEngine engine = store.engine().dataSource(database)
        .register(new OrderIntakeWorkflowDurable(ledger)).trigger(trigger).build();
    engines.add(engine);
    engine.start();
    database.cut();
    sendOrders(3);

    Await.until("a start found the database away and its record is taken again",
        () -> trigger.stats().redelivered() >= 1);
    assertEquals(0, trigger.stats().started());
    assertEquals(0, trigger.stats().deadLettered(), "an outage never dead-letters");
    assertEquals(-1, committed(), "nothing committed while no run is stored");
    database.restore();

    Await.until("3 runs completed", () -> runs(engine, RunState.COMPLETED).size() == 3);
    Await.until("every offset committed", () -> committed() == 3);
    assertEquals(3, runs(engine).size());
    assertEquals(once(3), ledger.confirmations());
    assertEquals(3, trigger.stats().started());
  }

  @Test
  void poisonRecordsGoToTheDeadLetterTopicWithTheirReasonAndBlockNothingBehindThem()
      throws Exception {
    KafkaTrigger<Order> trigger = trigger().build();
    DurableEngine engine = engine(trigger, b -> {});
    send("a", order("o-0", 10));
    RecordMetadata undecodable = send("b", "this is not JSON");
    send("c", order("o-1", 11));
    RecordMetadata refused = send("d", order("refused", -5));   // the run refuses its input
    send("e", order("o-2", 12));
    engine.start();

    Await.until("3 runs completed", () -> runs(engine, RunState.COMPLETED).size() == 3);
    Await.until("2 dead letters", () -> trigger.stats().deadLettered() == 2);
    Await.until("every offset committed", () -> committed() == 5);
    assertEquals(once(3), ledger.confirmations());
    assertEquals(3, runs(engine).size(), "nothing stored for the poison records");

    List<ConsumerRecord<byte[], byte[]>> dead = deadLetters(2);
    ConsumerRecord<byte[], byte[]> first = dead.get(0);
    assertEquals("this is not JSON", new String(first.value(), StandardCharsets.UTF_8));
    assertEquals("b", new String(first.key(), StandardCharsets.UTF_8), "the key is kept");
    String reason = header(first, KafkaTrigger.REASON_HEADER);
    assertTrue(reason.startsWith("cannot decode the record: "), reason);
    assertEquals(topic, header(first, KafkaTrigger.TOPIC_HEADER));
    assertEquals("0", header(first, KafkaTrigger.PARTITION_HEADER));
    assertEquals(Long.toString(undecodable.offset()), header(first, KafkaTrigger.OFFSET_HEADER));
    assertEquals(trigger.name(), header(first, KafkaTrigger.TRIGGER_HEADER));

    ConsumerRecord<byte[], byte[]> second = dead.get(1);
    assertEquals(Long.toString(refused.offset()), header(second, KafkaTrigger.OFFSET_HEADER));
    String refusal = header(second, KafkaTrigger.REASON_HEADER);
    assertTrue(refusal.startsWith("InvalidInputException: ") && refusal.contains("amount"),
        refusal);
  }

  @Test
  void setAsidePoisonRecordsPassAndAreCounted() throws Exception {
    KafkaTrigger<Order> trigger = KafkaTrigger.builder(broker.bootstrapServers()).topic(topic)
        .groupId(group).decode(MessageDecoder.json(Order.class))
        .start((start, order) ->
            OrderIntakeWorkflowClient.of(start.engine()).start(start.options(), order))
        .setAside().fetchWait(Duration.ofMillis(200)).build();
    DurableEngine engine = engine(trigger, b -> {});
    send("a", "{");
    send("b", order("o-0", 10));
    engine.start();

    Await.until("the run completed", () -> runs(engine, RunState.COMPLETED).size() == 1);
    Await.until("the poison record set aside", () -> trigger.stats().deadLettered() == 1);
    Await.until("both offsets committed", () -> committed() == 2);
    TopicPartition dead = new TopicPartition(deadTopic, 0);
    assertEquals(0L, broker.admin().listOffsets(Map.of(dead, OffsetSpec.latest())).all()
        .get(30, TimeUnit.SECONDS).get(dead).offset(), "nothing dead-lettered");
  }

  @Test
  void aTriggerPausesWhileItsQueueIsAtItsBoundAndResumesAsItDrains() throws Exception {
    KafkaTrigger<Order> trigger = trigger().queue("intake", 4)
        .partitionKey(KafkaTrigger.recordKey())
        .pausePoll(Duration.ofMillis(50)).build();
    DurableEngine engine = engine(trigger, b -> b.queue(Queue.named("intake").concurrency(2)));
    engine.pauseQueue("intake"); // nothing is admitted: the runs stored wait in the queue
    sendOrders(10);
    engine.start();

    Await.until("the trigger pauses", () -> trigger.stats().paused());
    assertEquals(4, runs(engine, RunState.ENQUEUED).size(), "the bound holds: 4 runs wait");
    assertEquals(4, runs(engine).size(), "no run stored beyond the bound");
    Await.until("the lag counts the 6 records waiting", () ->
        trigger.stats().lag().orElse(-1) == 6);
    Await.until("the offsets of the 4 committed", () -> committed() == 4);
    assertEquals(4, trigger.stats().started());
    assertEquals(4, runs(engine).size(), "still no run beyond the bound");

    engine.resumeQueue("intake");
    Await.until("10 runs completed", () -> runs(engine, RunState.COMPLETED).size() == 10);
    assertEquals(once(10), ledger.confirmations());
    Await.until("the trigger resumes", () -> !trigger.stats().paused());
    Await.until("every offset committed", () -> committed() == 10);
    runs(engine).forEach(run -> {
      assertEquals(Optional.of("intake"), run.queue());
      assertEquals(Optional.of("eu"), run.partitionKey(), "the record's key");
    });
  }

  @Test
  void twoEnginesShareTheGroupAndStartEachRecordsRunOnce() throws Exception {
    topic = "shared-" + topic;
    broker.createTopic(topic, 4);
    KafkaTrigger<Order> first = trigger().name("first").build();
    KafkaTrigger<Order> second = trigger().name("second").build();
    DurableEngine a = engine(first, b -> b.engineId("engine-a"));
    DurableEngine b = engine(second, x -> x.engineId("engine-b"));
    a.start();
    b.start();
    Await.until("both triggers hold partitions of the group", () -> {
      try {
        var members = broker.admin().describeConsumerGroups(List.of(group)).all()
            .get(30, TimeUnit.SECONDS).get(group).members();
        return members.size() == 2 && members.stream()
            .allMatch(member -> !member.assignment().topicPartitions().isEmpty());
      } catch (Exception e) {
        throw new AssertionError("cannot describe the group", e);
      }
    });
    for (int i = 0; i < 40; i++) {
      send("k-" + i, order("o-" + i, 10 + i)); // keys spread the records over the partitions
    }

    Await.until("40 runs completed", () -> runs(a, RunState.COMPLETED).size() == 40);
    assertEquals(40, runs(a).size());
    assertEquals(once(40), ledger.confirmations());
    assertTrue(first.stats().consumed() > 0 && second.stats().consumed() > 0,
        "both engines took records: " + first.stats() + ", " + second.stats());
    assertEquals(40, first.stats().started() + second.stats().started()
        + first.stats().duplicates() + second.stats().duplicates(),
        "each record started or found its run; a partition that moved may come twice");
  }

  @Test
  void aTopicThatDoesNotExistFailsTheEnginesStartSayingWhatToDo() {
    KafkaTrigger<Order> trigger = KafkaTrigger.builder(broker.bootstrapServers())
        .topic("no-such-" + topic).groupId(group).decode(MessageDecoder.json(Order.class))
        .start((start, order) ->
            OrderIntakeWorkflowClient.of(start.engine()).start(start.options(), order))
        .setAside().build();
    DurableEngine engine = engine(trigger, b -> {});
    IllegalStateException e = assertThrows(IllegalStateException.class, engine::start);
    assertTrue(e.getMessage().contains("which the Kafka cluster does not have; create it"),
        e.getMessage());
  }

  @Test
  void recordsWhoseRunsAnEngineStoredBeforeItDiedAreDuplicatesForTheEngineThatTakesOver(
      @TempDir Path directory) throws Exception {
    store.close();
    store = TestStore.openShared(directory); // the dying process's store is ours after it
    sendOrders(6);
    // another JVM takes the records and dies right after storing o-3's run: the offsets of its
    // batch (o-0 to o-3 at least) are not committed
    Path log = directory.resolve("crashing-intake.log");
    Process crashing = new ProcessBuilder(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"),
        "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
        CrashingIntake.class.getName(), broker.bootstrapServers(), topic, group, store.url(), "3")
        .redirectErrorStream(true).redirectOutput(log.toFile()).start();
    try {
      assertTrue(crashing.waitFor(60, TimeUnit.SECONDS), "the other JVM did not die");
    } finally {
      crashing.destroyForcibly();
    }
    assertEquals(3, crashing.exitValue(), "it died at o-3: " + Files.readString(log));
    long firstUncommitted = Math.max(0, committed());
    assertTrue(firstUncommitted <= 3, "o-3's offset was not committed: " + firstUncommitted);

    KafkaTrigger<Order> trigger = trigger().queue("intake", 100)
        .property("session.timeout.ms", SESSION_TIMEOUT_MS)
        .property("heartbeat.interval.ms", SESSION_TIMEOUT_MS / 4).build();
    DurableEngine engine = engine(trigger, b -> b.queue(Queue.named("intake").concurrency(4)));
    engine.start();

    Await.until("6 runs completed", () -> runs(engine, RunState.COMPLETED).size() == 6);
    Await.until("every offset committed", () -> committed() == 6);
    assertEquals(6, runs(engine).size(), "no run besides one per record");
    assertEquals(once(6), ledger.confirmations(), "each order confirmed once");
    TriggerInfo stats = trigger.stats();
    assertEquals(6 - firstUncommitted, stats.consumed(), "the records not committed came again");
    assertEquals(4 - firstUncommitted, stats.duplicates(),
        "those whose runs the dead engine stored start nothing");
    assertEquals(2, stats.started(), "o-4 and o-5 start their runs");
  }

  /**
   * The acceptance test: 1,000 records over 4 partitions, two engine processes in one
   * group, one of them killed (SIGKILL) while records are in flight and the broker restarted: each
   * record's run is stored once and completes once, and the records the dead engine had taken
   * without committing their offsets are duplicates for the engine left. PostgreSQL only: two
   * processes share the store.
   */
  @Test
  void aThousandRecordsThroughTwoEnginesOneKilledAndTheBrokerRestartedMakeAThousandRuns(
      @TempDir Path directory) throws Exception {
    String pg = System.getenv("DURABLE_PG_URL");
    Assumptions.assumeTrue(pg != null && !pg.isBlank(),
        "two engine processes share a PostgreSQL store: DURABLE_PG_URL is not set");
    topic = "wide-" + topic;
    broker.createTopic(topic, 4);
    for (int i = 0; i < 1000; i++) {
      producer.send(new ProducerRecord<>(topic, "k" + (i % 8), order("o-" + i, 10 + i)));
    }
    producer.flush();
    // the other engine takes them first: it stores their runs in queue intake, which it does not
    // declare, and so runs none of them
    Path log = directory.resolve("killed-intake.log");
    Process other = new ProcessBuilder(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"),
        "-Dorg.slf4j.simpleLogger.defaultLogLevel=error",
        CrashingIntake.class.getName(), broker.bootstrapServers(), topic, group, store.url(),
        "-1").redirectErrorStream(true).redirectOutput(log.toFile()).start();
    try {
      KafkaTrigger<Order> trigger = trigger().queue("intake", 100)
          .property("session.timeout.ms", SESSION_TIMEOUT_MS)
          .property("heartbeat.interval.ms", SESSION_TIMEOUT_MS / 4).build();
      DurableEngine engine = engine(trigger, b -> b.queue(Queue.named("intake").concurrency(16)));
      Await.until("the other engine stored runs", () -> runs(engine).size() >= 50);
      engine.start(); // joins the group: the partitions are shared
      Await.until("a third of the runs stored", () -> runs(engine).size() >= 333);
      other.destroyForcibly(); // SIGKILL: its runs stored, some of its offsets not committed
      assertTrue(other.waitFor(30, TimeUnit.SECONDS), "the other engine was not killed");
      broker.restart();

      Await.until("1,000 runs completed",
          () -> runs(engine, RunState.COMPLETED).size() == 1000, Duration.ofMinutes(2));
      assertEquals(1000, runs(engine).size(), "one run per record, no more");
      assertEquals(once(1000), ledger.confirmations(), "each order confirmed once");
      Await.until("every offset committed", () -> committedTotal() == 1000);
      TriggerInfo stats = trigger.stats();
      assertTrue(stats.started() < 1000, "the other engine started runs too: " + stats);
      assertEquals(0, stats.deadLettered(), stats.toString());
    } finally {
      other.destroyForcibly();
    }
  }

  /** The group's committed offsets over the partitions of the test's topic, added up. */
  private long committedTotal() {
    try {
      return broker.admin().listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata()
          .get(30, TimeUnit.SECONDS).entrySet().stream()
          .filter(e -> e.getKey().topic().equals(topic) && e.getValue() != null)
          .mapToLong(e -> e.getValue().offset()).sum();
    } catch (Exception e) {
      throw new AssertionError("cannot read the group's offsets", e);
    }
  }

  @Test
  void anEngineClosedLeavesItsOffsetsCommittedAndTheNextGoesOnFromThemWithoutDuplicates()
      throws Exception {
    KafkaTrigger<Order> first = trigger().build();
    DurableEngine before = engine(first, b -> {});
    sendOrders(5);
    before.start();
    Await.until("5 runs completed", () -> runs(before, RunState.COMPLETED).size() == 5);
    before.close();
    assertEquals(5, committed(), "closing left every offset committed");

    for (int i = 5; i < 10; i++) {
      send("eu", order("o-" + i, 10 + i));
    }
    KafkaTrigger<Order> second = trigger().build();
    DurableEngine after = engine(second, b -> {});
    after.start();
    Await.until("10 runs completed", () -> runs(after, RunState.COMPLETED).size() == 10);
    Await.until("every offset committed", () -> committed() == 10);
    assertEquals(once(10), ledger.confirmations());
    TriggerInfo stats = second.stats();
    assertEquals(5, stats.consumed(), "the second trigger took only the records after the commit");
    assertEquals(5, stats.started());
    assertEquals(0, stats.duplicates());
  }

  @Test
  void recordsOfAnAbortedTransactionStartNoRun() throws Exception {
    Properties properties = broker.clientProperties();
    properties.put("transactional.id", "aborting-" + topic);
    try (KafkaProducer<String, String> transactional = new KafkaProducer<>(properties,
        new StringSerializer(), new StringSerializer())) {
      transactional.initTransactions();
      transactional.beginTransaction();
      transactional.send(new ProducerRecord<>(topic, "eu", order("aborted", 10)));
      transactional.flush();
      transactional.abortTransaction();
    }
    send("eu", order("o-0", 11));
    KafkaTrigger<Order> trigger = trigger().build();
    DurableEngine engine = engine(trigger, b -> {});
    engine.start();

    Await.until("the run completed", () -> runs(engine, RunState.COMPLETED).size() == 1);
    assertEquals(once(1), ledger.confirmations(), "only the committed order");
    assertEquals(1, trigger.stats().consumed());
  }

  @Test
  void settingsTheConsumerRefusesOrBrokersOutOfReachFailTheEnginesStartSayingWhy()
      throws Exception {
    KafkaTrigger<Order> refused = trigger().property("session.timeout.ms", 1000)
        .property("heartbeat.interval.ms", 5000).build();
    IllegalStateException e = assertThrows(IllegalStateException.class,
        engine(refused, b -> {})::start);
    assertTrue(e.getMessage().contains("could not make its consumer: Heartbeat must be set lower"
        + " than the session timeout"), e.getMessage());

    int closedPort;
    try (java.net.ServerSocket socket = new java.net.ServerSocket(0)) {
      closedPort = socket.getLocalPort();
    }
    KafkaTrigger<Order> away = KafkaTrigger.builder("127.0.0.1:" + closedPort).topic(topic)
        .groupId(group).decode(MessageDecoder.json(Order.class))
        .start((start, order) ->
            OrderIntakeWorkflowClient.of(start.engine()).start(start.options(), order))
        .setAside().startTimeout(Duration.ofMillis(500)).build();
    e = assertThrows(IllegalStateException.class, engine(away, b -> {})::start);
    assertTrue(e.getMessage().contains("could not list the topics of the Kafka cluster at"
        + " 127.0.0.1:" + closedPort), e.getMessage());
  }

  @Test
  void aRecordTakenAgainHoldsBackTheRecordsBehindItInItsPartitionOnly() throws Exception {
    topic = "two-" + topic;
    broker.createTopic(topic, 2);
    AtomicBoolean stuck = new AtomicBoolean(true);
    KafkaTrigger<Order> trigger = trigger((start, order) -> {
      if (order.id().equals("stuck") && stuck.get()) {
        throw new IllegalStateException("the pricing service is down");
      }
      return OrderIntakeWorkflowClient.of(start.engine()).start(start.options(), order);
    }).maxDeliveries(1000).build();
    DurableEngine engine = engine(trigger, b -> {});
    for (String record : List.of(order("stuck", 9), order("o-0", 10))) {
      producer.send(new ProducerRecord<>(topic, 0, "a", record)).get(30, TimeUnit.SECONDS);
    }
    for (int i = 1; i <= 3; i++) {
      producer.send(new ProducerRecord<>(topic, 1, "b", order("o-" + i, 10 + i)))
          .get(30, TimeUnit.SECONDS);
    }
    engine.start();

    Await.until("the other partition's 3 runs completed",
        () -> runs(engine, RunState.COMPLETED).size() == 3);
    Await.until("the stuck record taken again", () -> trigger.stats().redelivered() >= 2);
    assertEquals(3, runs(engine).size(), "o-0 waits behind the stuck record, in its partition");
    stuck.set(false);

    Await.until("5 runs completed", () -> runs(engine, RunState.COMPLETED).size() == 5);
    Map<String, Integer> expected = once(4);
    expected.put("stuck", 1);
    assertEquals(expected, ledger.confirmations());
    assertEquals(5, trigger.stats().started());
    assertEquals(0, trigger.stats().deadLettered());
  }
}
