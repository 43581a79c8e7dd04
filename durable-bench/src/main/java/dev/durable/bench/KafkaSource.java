package dev.durable.bench;

import dev.durable.kafka.KafkaTrigger;
import dev.durable.runtime.TriggerDefinition;
import dev.durable.runtime.trigger.MessageDecoder;
import dev.durable.trigger.testing.KraftBroker;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * Phase (u)'s Kafka side: a topic of its own per pass, of {@value #PARTITIONS} partitions (so that
 * two engines share it), consumed by the group {@value #GROUP} that every engine of the pass
 * joins. No Kafka server runs on this machine: where {@code DURABLE_KAFKA_BOOTSTRAP} names none,
 * the bench's JVM starts a KRaft broker of its own ({@link KraftBroker}, as the Kafka trigger's
 * tests do) and hands its address to the engine JVMs as the system property {@value #BOOTSTRAP}.
 */
final class KafkaSource implements TriggerSource {
  /** The system property through which the engine JVMs learn the broker's address. */
  static final String BOOTSTRAP = "durable.kafka.bootstrap";
  static final String GROUP = "bench";
  static final int PARTITIONS = 4;

  private final String bootstrapServers;
  /** The broker this JVM started, closed with this source; null where it runs elsewhere. */
  private final KraftBroker broker;
  private final Admin admin;

  private KafkaSource(String bootstrapServers, KraftBroker broker) {
    this.bootstrapServers = bootstrapServers;
    this.broker = broker;
    this.admin = Admin.create(Map.of("bootstrap.servers", bootstrapServers));
  }

  static KafkaSource connect() throws Exception {
    String given = System.getProperty(BOOTSTRAP, "");
    if (given.isBlank()) {
      given = System.getenv().getOrDefault("DURABLE_KAFKA_BOOTSTRAP", "");
    }
    if (!given.isBlank()) {
      return new KafkaSource(given, null);
    }
    KraftBroker broker = KraftBroker.start();
    System.setProperty(BOOTSTRAP, broker.bootstrapServers()); // the engines launched after
    return new KafkaSource(broker.bootstrapServers(), broker);
  }

  @Override
  public String title() {
    return "Kafka";
  }

  @Override
  public String where() {
    return bootstrapServers + (broker != null ? " (Kafka 4.4.0, a KRaft node in the bench's JVM)"
        : "");
  }

  @Override
  public void fill(String name, int messages) throws Exception {
    admin.createTopics(List.of(new NewTopic(name, PARTITIONS, (short) 1))).all()
        .get(60, TimeUnit.SECONDS);
    try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(
        Map.of("bootstrap.servers", bootstrapServers, "linger.ms", 5),
        new ByteArraySerializer(), new ByteArraySerializer())) {
      for (int i = 0; i < messages; i++) {
        producer.send(new ProducerRecord<>(name, Integer.toString(i % PARTITIONS)
            .getBytes(StandardCharsets.UTF_8), Integer.toString(i)
            .getBytes(StandardCharsets.UTF_8)));
      }
      producer.flush();
    }
    Map<TopicPartition, OffsetSpec> ends = new HashMap<>();
    for (int p = 0; p < PARTITIONS; p++) {
      ends.put(new TopicPartition(name, p), OffsetSpec.latest());
    }
    long stored = admin.listOffsets(ends).all().get(60, TimeUnit.SECONDS).values().stream()
        .mapToLong(info -> info.offset()).sum();
    if (stored != messages) {
      throw new IllegalStateException("topic " + name + " holds " + stored + " records, not "
          + messages);
    }
  }

  @Override
  public TriggerDefinition trigger(String name) {
    return KafkaTrigger.builder(bootstrapServers).topic(name).groupId(GROUP)
        .decode(MessageDecoder.json(Integer.class))
        .start((start, message) ->
            TriggerBenchWorkflowClient.of(start.engine()).start(start.options(), message))
        .setAside()
        .build();
  }

  @Override
  public void remove(String name) throws Exception {
    try {
      admin.deleteTopics(List.of(name)).all().get(60, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      if (!(e.getCause() instanceof UnknownTopicOrPartitionException)) {
        throw e;
      }
    }
  }

  @Override
  public void close() {
    admin.close();
    if (broker != null) {
      broker.close();
      System.clearProperty(BOOTSTRAP);
    }
  }
}
