package dev.durable.trigger.testing;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.utils.Time;
import org.apache.kafka.metadata.storage.Formatter;
import org.apache.kafka.server.common.MetadataVersion;

/**
 * A real Kafka broker in this JVM (the Kafka trigger's tests, and phase (u) of the benchmarks): one KRaft node that is both controller and broker, on two
 * free loopback ports, its logs in a temporary directory that closing deletes. Started from
 * Kafka's own server jars as its start-up script does it: format the storage (what {@code
 * kafka-storage.sh format} does), then run {@link KafkaRaftServer}. Kafka's test kit
 * (KafkaClusterTestKit) does the same, but its jars are not published for the client's version.
 *
 * <p>Single-node settings: every internal topic (consumer offsets, transactions, share groups)
 * with one replica, and no delay before a group's first rebalance, so that a consumer joins in
 * well under a second.
 */
public final class KraftBroker implements AutoCloseable {
  private static final int NODE_ID = 1;
  private static final String CONTROLLER = "CONTROLLER";

  private final Path directory;
  private final KafkaConfig config;
  private volatile KafkaRaftServer server;
  private final String bootstrapServers;
  private final Admin admin;

  private KraftBroker(Path directory, KafkaConfig config, KafkaRaftServer server,
      String bootstrapServers) {
    this.directory = directory;
    this.config = config;
    this.server = server;
    this.bootstrapServers = bootstrapServers;
    this.admin = Admin.create(Map.of("bootstrap.servers", bootstrapServers));
  }

  /** Formats a new node's storage and starts it; returns once it answers on its port. */
  public static KraftBroker start() throws Exception {
    Path directory = Files.createTempDirectory("durable-kafka-broker");
    String logs = directory.resolve("logs").toString();
    String metadata = directory.resolve("metadata").toString();
    int brokerPort = freePort();
    int controllerPort = freePort();

    Map<String, Object> config = new HashMap<>();
    config.put("process.roles", "broker,controller");
    config.put("node.id", Integer.toString(NODE_ID));
    config.put("controller.quorum.voters", NODE_ID + "@127.0.0.1:" + controllerPort);
    config.put("listeners",
        "PLAINTEXT://127.0.0.1:" + brokerPort + "," + CONTROLLER + "://127.0.0.1:"
            + controllerPort);
    config.put("advertised.listeners", "PLAINTEXT://127.0.0.1:" + brokerPort);
    config.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT," + CONTROLLER
        + ":PLAINTEXT");
    config.put("controller.listener.names", CONTROLLER);
    config.put("inter.broker.listener.name", "PLAINTEXT");
    config.put("log.dirs", logs);
    config.put("metadata.log.dir", metadata);
    config.put("offsets.topic.replication.factor", "1");
    config.put("offsets.topic.num.partitions", "1");
    config.put("transaction.state.log.replication.factor", "1");
    config.put("transaction.state.log.min.isr", "1");
    config.put("share.coordinator.state.topic.replication.factor", "1");
    config.put("share.coordinator.state.topic.min.isr", "1");
    config.put("group.initial.rebalance.delay.ms", "0");
    // a member that died is dropped within a crash test's session timeout (the default floor: 6 s)
    config.put("group.min.session.timeout.ms", "1000");
    config.put("auto.create.topics.enable", "false");
    config.put("log.cleaner.dedupe.buffer.size", "2097152"); // the default takes 128 MiB
    config.put("num.network.threads", "2");
    config.put("num.io.threads", "2");
    KafkaConfig kafkaConfig = new KafkaConfig(config, false);

    // what `kafka-storage.sh format --standalone`-less formatting with static voters writes
    new Formatter()
        .setPrintStream(new PrintStream(OutputStream.nullOutputStream()))
        .setClusterId(Uuid.randomUuid().toString())
        .setNodeId(NODE_ID)
        .setControllerListenerName(CONTROLLER)
        .setMetadataLogDirectory(metadata)
        .setDirectories(List.of(logs, metadata))
        .setReleaseVersion(MetadataVersion.latestProduction())
        .run();

    KafkaRaftServer server = new KafkaRaftServer(kafkaConfig, Time.SYSTEM);
    server.startup();
    KraftBroker broker =
        new KraftBroker(directory, kafkaConfig, server, "127.0.0.1:" + brokerPort);
    try {
      broker.awaitAnswer();
    } catch (Exception e) {
      broker.close();
      throw e;
    }
    return broker;
  }

  /**
   * Stops the broker as a restart does (its clients see their connections drop), and starts it
   * again on the same ports and logs; returns once it answers.
   */
  public void restart() throws Exception {
    server.shutdown();
    server.awaitShutdown();
    server = new KafkaRaftServer(config, Time.SYSTEM);
    server.startup();
    awaitAnswer();
  }

  private void awaitAnswer() throws Exception {
    admin.describeCluster().nodes().get(60, TimeUnit.SECONDS);
  }

  /** The broker's address, for {@code bootstrap.servers}. */
  public String bootstrapServers() {
    return bootstrapServers;
  }

  /** Makes topic {@code name} with {@code partitions} partitions, and waits until it is made. */
  public void createTopic(String name, int partitions) throws Exception {
    admin.createTopics(List.of(new NewTopic(name, partitions, (short) 1))).all()
        .get(30, TimeUnit.SECONDS);
  }

  /** The broker's admin client, for the tests' checks (committed offsets, say). */
  public Admin admin() {
    return admin;
  }

  /** Client settings that reach this broker, for a test's own producer or consumer. */
  public Properties clientProperties() {
    Properties properties = new Properties();
    properties.put("bootstrap.servers", bootstrapServers);
    return properties;
  }

  @Override
  public void close() {
    admin.close();
    server.shutdown();
    server.awaitShutdown();
    try (Stream<Path> files = Files.walk(directory)) {
      files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete the broker's directory " + directory, e);
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      socket.setReuseAddress(true);
      return socket.getLocalPort();
    }
  }
}
