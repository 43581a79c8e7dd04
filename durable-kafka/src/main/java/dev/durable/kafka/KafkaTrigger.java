package dev.durable.kafka;

import dev.durable.runtime.TriggerInfo;
import dev.durable.runtime.trigger.MessageDecoder;
import dev.durable.runtime.trigger.Trigger;
import dev.durable.runtime.trigger.TriggerContext;
import dev.durable.runtime.trigger.TriggerBuilder;
import dev.durable.runtime.trigger.TriggerChecks;
import dev.durable.runtime.trigger.TriggerCounters;
import dev.durable.runtime.trigger.TriggerLoop;
import dev.durable.runtime.trigger.TriggerSettings;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.function.Function;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * Starts a run per record of Kafka topics: registered on the engine's builder, started and
 * stopped with the engine.
 *
 * <pre>{@code
 * DurableEngine engine = DurableEngine.builder()
 *     .register(new CheckoutWorkflowDurable(pricing))
 *     .queue(Queue.named("checkout").concurrency(8))
 *     .trigger(KafkaTrigger.builder("kafka-1:9092,kafka-2:9092")
 *         .topic("orders").groupId("checkout")
 *         .decode(MessageDecoder.json(Order.class))
 *         .start((start, order) ->
 *             CheckoutWorkflowClient.of(start.engine()).start(start.options(), order))
 *         .queue("checkout", 100)
 *         .partitionKey(KafkaTrigger.recordKey())
 *         .deadLetter("orders.dead")
 *         .build())
 *     .build();
 * engine.start();
 * }</pre>
 *
 * <p>What it promises (docs/guide/20-starting-runs-from-messages.md):
 *
 * <ul>
 *   <li><b>A consumer group</b>: every engine whose trigger names the same group shares the
 *       topics' partitions, each partition read by one of them at a time. One thread per trigger
 *       owns its {@code KafkaConsumer} (which is not thread-safe).
 *   <li><b>One run per record.</b> A record's run id is {@code
 *       kafka:<group>:<topic>:<partition>:<offset>} ({@link #runId}), and a start by id is
 *       idempotent. Auto-commit is off: a partition's offset is committed only once the runs of
 *       every record before it are stored, after each batch. A record delivered again (its
 *       engine died before the commit, or its partition moved to another engine) finds its run
 *       and starts nothing, counted as a duplicate.
 *   <li><b>Poison records</b> (not decodable, input the workflow refuses) are produced to the
 *       dead-letter topic with their reason in the header {@value #REASON_HEADER}, then their
 *       offset passes; or, with {@link Builder#setAside()}, logged and passed. Either way the
 *       records behind them go on.
 *   <li><b>Outages</b>: a start that fails because the store is away is not skipped: the
 *       consumer seeks back to that record and takes it again after {@link Builder#retryDelay},
 *       however often; one that fails otherwise is taken again up to {@link
 *       Builder#maxDeliveries} times, then dead-lettered. Either way the records behind it in its
 *       partition wait (a partition's runs start in offset order), paused meanwhile; the other
 *       partitions go on.
 *   <li><b>Back-pressure</b>: with {@link Builder#queue(String, int)}, runs start through that
 *       queue, and while it holds its bound of runs waiting for admission the trigger pauses its
 *       partitions (still polling, so that it stays in the group) and resumes them as the queue
 *       drains; it starts at most the room left, so the bound holds.
 * </ul>
 *
 * <p>A topic deleted and made again starts its offsets over: its new records would find the runs
 * of the old ones while those are kept. Give the trigger a new group id then.
 *
 * @param <T> the run's input, as the decoder makes it
 */
public final class KafkaTrigger<T> implements Trigger {
  /** The header of a dead letter that says why it could not start a run. */
  public static final String REASON_HEADER = "Durable-Dead-Letter-Reason";
  /** The header of a dead letter that names the topic it came from. */
  public static final String TOPIC_HEADER = "Durable-Topic";
  /** The header of a dead letter that names the partition it came from, in decimal. */
  public static final String PARTITION_HEADER = "Durable-Partition";
  /** The header of a dead letter that holds its offset in that partition, in decimal. */
  public static final String OFFSET_HEADER = "Durable-Offset";
  /** The header of a dead letter that names the trigger that set it aside. */
  public static final String TRIGGER_HEADER = "Durable-Trigger";

  /** The run id column's width in the store. */
  private static final int MAX_RUN_ID = 200;
  /** The longest partition number and offset a run id holds (int and long in decimal). */
  private static final int MAX_NUMBERS = 10 + 19;

  private final KafkaTriggerSettings<T> settings;
  private final TriggerCounters counters;
  private final TriggerLoop loop;

  private KafkaTrigger(KafkaTriggerSettings<T> settings) {
    this.settings = settings;
    this.counters = new TriggerCounters(settings.common().name());
    this.loop = new TriggerLoop(settings.common().name());
  }

  /** A builder of a trigger that reaches the cluster through {@code bootstrapServers}. */
  public static Builder<byte[]> builder(String bootstrapServers) {
    TriggerChecks.text(bootstrapServers, "bootstrapServers");
    return new Builder<>(Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers));
  }

  /**
   * A builder of a trigger whose consumer takes {@code properties} ({@code bootstrap.servers},
   * security settings and any consumer setting); the producer of dead letters takes those of them
   * that are producer settings too. {@code bootstrap.servers} is needed. The trigger sets the
   * deserializers (bytes; {@link Builder#decode} makes the input) and turns auto-commit off;
   * unless told otherwise, it reads a new group's partitions from the start ({@code
   * auto.offset.reset=earliest}) and only records of committed transactions ({@code
   * isolation.level=read_committed}).
   */
  public static Builder<byte[]> builder(Map<String, ?> properties) {
    Objects.requireNonNull(properties, "properties");
    Object servers = properties.get(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG);
    if (servers == null || servers.toString().isBlank()) {
      throw new IllegalArgumentException("a KafkaTrigger's properties need "
          + ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG + " (host:port of one or more brokers)");
    }
    return new Builder<>(properties);
  }

  /** As {@link #builder(Map)}, for settings kept as {@link Properties}; keys are strings. */
  public static Builder<byte[]> builder(Properties properties) {
    Objects.requireNonNull(properties, "properties");
    Map<String, Object> settings = new HashMap<>();
    properties.stringPropertyNames().forEach(key -> settings.put(key, properties.get(key) != null
        ? properties.get(key) : properties.getProperty(key)));
    return builder(settings);
  }

  /**
   * The id of the run that the record at {@code offset} of {@code topic}'s partition {@code
   * partition} starts for group {@code groupId}: {@code kafka:<group>:<topic>:<partition>:
   * <offset>}. With the group in it, two triggers of different groups (two workflows fed by one
   * topic) never share a run id.
   */
  public static String runId(String groupId, String topic, int partition, long offset) {
    return "kafka:" + groupId + ":" + topic + ":" + partition + ":" + offset;
  }

  /**
   * A partition key from the record's key, read as UTF-8: the runs of one key then share the
   * queue's per-key limits. A record without a key gets none.
   */
  public static Function<ConsumerRecord<byte[], byte[]>, String> recordKey() {
    return record -> record.key() == null
        ? null : new String(record.key(), StandardCharsets.UTF_8);
  }

  /** A partition key from the record's header {@code name} (its last value, as UTF-8). */
  public static Function<ConsumerRecord<byte[], byte[]>, String> header(String name) {
    Objects.requireNonNull(name, "name");
    return record -> {
      Header header = record.headers().lastHeader(name);
      return header == null || header.value() == null
          ? null : new String(header.value(), StandardCharsets.UTF_8);
    };
  }

  @Override
  public String name() {
    return settings.common().name();
  }

  /**
   * Checks that the topics (and the dead-letter topic) exist and starts consuming on a thread of
   * its own.
   *
   * @throws IllegalStateException if a topic does not exist or the cluster cannot be reached
   *     within {@link Builder#startTimeout}; the message says which and what to do
   */
  @Override
  public void start(TriggerContext context) {
    loop.start(() -> PollLoop.start(settings, context, counters));
  }

  @Override
  public TriggerInfo stats() {
    return counters.snapshot();
  }

  /**
   * Stops polling, finishes the record in hand, commits the offsets of the records whose runs are
   * stored, and leaves the group: the rest of the batch goes to the next consumer.
   */
  @Override
  public void close() {
    loop.close();
  }

  @Override
  public String toString() {
    return "KafkaTrigger[" + name() + "]";
  }

  /**
   * Builds a {@link KafkaTrigger}. Needed: {@link #topic}, {@link #groupId}, {@link #decode},
   * {@link #start}, and a choice for poison records, {@link #deadLetter} or {@link #setAside()}.
   * The settings every trigger has ({@code queue}, {@code partitionKey}, {@code retryDelay},
   * {@code maxDeliveries}, {@code pausePoll}, ...) are {@link TriggerBuilder}'s; here, held back
   * by the queue's bound, the trigger pauses its partitions (still polling, so that it stays in
   * the group), and a failing record is taken again (sought back to) rather than delivered again:
   * {@code maxDeliveries} counts those takes, as Kafka keeps no delivery count.
   *
   * @param <T> the run's input, as the decoder makes it
   */
  public static final class Builder<T>
      extends TriggerBuilder<ConsumerRecord<byte[], byte[]>, T, Builder<T>> {
    private final Map<String, Object> properties = new HashMap<>();
    private final List<String> topics = new ArrayList<>();
    private String groupId;
    private int batchSize = 100;
    private Duration fetchWait = Duration.ofSeconds(1);
    private Duration startTimeout = Duration.ofSeconds(30);

    private Builder(Map<String, ?> properties) {
      super("KafkaTrigger", "poison records: deadLetter(\"<topic>\") to produce them with their"
          + " reason, or setAside() to log and pass them");
      properties.forEach((key, value) -> property(key, value));
    }

    /** A topic to consume; call it again for more. Each must exist when the engine starts. */
    public Builder<T> topic(String topic) {
      Checks.topic(topic, "topic");
      if (!topics.contains(topic)) {
        topics.add(topic);
      }
      return this;
    }

    /**
     * The consumer group: every engine whose trigger names the same group shares the topics'
     * partitions; it is part of every run id.
     */
    public Builder<T> groupId(String groupId) {
      this.groupId = TriggerChecks.text(groupId, "groupId");
      return this;
    }

    /**
     * A consumer (or dead-letter producer) setting: {@code security.protocol}, {@code
     * session.timeout.ms}, ... The deserializers and auto-commit are the trigger's own.
     */
    public Builder<T> property(String key, Object value) {
      Objects.requireNonNull(key, "key");
      Objects.requireNonNull(value, "value of " + key);
      switch (key) {
        case ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
            ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG ->
            throw new IllegalArgumentException("a KafkaTrigger reads records as bytes and makes"
                + " the run's input with decode(...); remove " + key);
        case ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG -> {
          if (Boolean.parseBoolean(value.toString())) {
            throw new IllegalArgumentException("a KafkaTrigger commits offsets itself, once the"
                + " runs are stored; remove " + key + "=true");
          }
        }
        case ConsumerConfig.GROUP_ID_CONFIG -> groupId(value.toString());
        case ConsumerConfig.MAX_POLL_RECORDS_CONFIG ->
            batchSize(Integer.parseInt(value.toString()));
        default -> properties.put(key, value);
      }
      return this;
    }

    /**
     * How a record's value becomes the run's input ({@link MessageDecoder#json(Class)} for JSON);
     * a value it throws for is a poison record.
     */
    public <U> Builder<U> decode(MessageDecoder<U> decoder) {
      return decoder(decoder);
    }

    /**
     * Produces poison records to {@code topic}, with their key, headers, value and the reason
     * ({@value #REASON_HEADER}), then lets their offset pass. The topic must exist: the original
     * passes only once the broker has the dead letter. Or {@link #setAside()}: poison records are
     * logged and their offset passes.
     */
    @Override
    public Builder<T> deadLetter(String topic) {
      return deadLetterTo(Checks.topic(topic, "deadLetter"));
    }

    /** The most records one poll takes ({@code max.poll.records}); 100 by default. */
    public Builder<T> batchSize(int batchSize) {
      this.batchSize = TriggerChecks.atLeastOne(batchSize, "batchSize");
      return this;
    }

    /**
     * How long a fetch ({@code consumer.poll}) waits for records; 1 s by default. Closing waits
     * for it at most.
     */
    public Builder<T> fetchWait(Duration fetchWait) {
      this.fetchWait = TriggerChecks.positive(fetchWait, "fetchWait");
      return this;
    }

    /**
     * How long the engine's start waits for the cluster to list its topics; 30 s by default.
     * Past it the start fails, saying so.
     */
    public Builder<T> startTimeout(Duration startTimeout) {
      this.startTimeout = TriggerChecks.positive(startTimeout, "startTimeout");
      return this;
    }

    /**
     * The trigger.
     *
     * @throws IllegalStateException naming what is missing or does not fit
     */
    public KafkaTrigger<T> build() {
      require(topics.isEmpty() ? null : topics, "topic(\"orders\")");
      require(groupId, "groupId(\"checkout\")");
      String described = groupId + "/" + String.join(",", topics);
      TriggerSettings<ConsumerRecord<byte[], byte[]>, T> common = settings(described);
      if (common.deadLetter() != null && topics.contains(common.deadLetter())) {
        throw new IllegalStateException("trigger " + described + " consumes its own dead-letter"
            + " topic " + common.deadLetter() + "; name another topic for the dead letters");
      }
      for (String topic : topics) {
        int length = runId(groupId, topic, 0, 0).length() - 2 + MAX_NUMBERS;
        if (length > MAX_RUN_ID) {
          throw new IllegalStateException("trigger " + described + ": the run ids of topic "
              + topic + " would be up to " + length + " characters long, and the store keeps "
              + MAX_RUN_ID + "; use a shorter group id or topic");
        }
      }
      return new KafkaTrigger<>(new KafkaTriggerSettings<>(common,
          consumerProperties(common.name()),
          common.deadLetter() == null ? Map.of() : producerProperties(common.name()),
          List.copyOf(topics), groupId, batchSize, fetchWait, startTimeout));
    }

    private Map<String, Object> consumerProperties(String triggerName) {
      Map<String, Object> consumer = new LinkedHashMap<>(properties);
      consumer.put(ConsumerConfig.GROUP_ID_CONFIG, groupId);
      consumer.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
      consumer.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, Integer.toString(batchSize));
      consumer.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
      consumer.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
      consumer.putIfAbsent(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
      // a record of a transaction its producer aborted must not start a run
      consumer.putIfAbsent(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
      // a missing topic is an error at start, never made on the fly with the broker's defaults
      consumer.putIfAbsent(ConsumerConfig.ALLOW_AUTO_CREATE_TOPICS_CONFIG, "false");
      consumer.putIfAbsent(ConsumerConfig.CLIENT_ID_CONFIG, "durable-" + triggerName);
      return Map.copyOf(consumer);
    }

    /** The dead letters' producer: the settings that are producer settings too. */
    private Map<String, Object> producerProperties(String triggerName) {
      Map<String, Object> producer = new LinkedHashMap<>();
      properties.forEach((key, value) -> {
        if (ProducerConfig.configNames().contains(key)
            && !key.equals(ProducerConfig.CLIENT_ID_CONFIG)) {
          producer.put(key, value);
        }
      });
      producer.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
      producer.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
      producer.put(ProducerConfig.CLIENT_ID_CONFIG, "durable-" + triggerName + "-dead-letters");
      return Map.copyOf(producer);
    }
  }
}
