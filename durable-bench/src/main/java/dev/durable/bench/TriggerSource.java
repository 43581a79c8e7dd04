package dev.durable.bench;

import dev.durable.runtime.TriggerDefinition;
import java.util.List;

/**
 * Where phase (u)'s runs come from: a broker whose messages a trigger turns into runs, each
 * implementation both sides of it, the bench's (a fresh stream or queue filled with the pass's
 * messages up front, removed after) and the engine's (the trigger on it). A broker module adds
 * an implementation here and its name to {@link #named}; the plain start has
 * none, as it needs no broker ({@link TriggerEngine} starts its runs itself).
 */
interface TriggerSource extends AutoCloseable {
  /** The brokers phase (u) knows, in the order of its first round. */
  List<String> BROKERS = List.of("nats", "rabbitmq", "kafka");

  /** The source named {@code broker}, one of {@link #BROKERS}, connected to its server. */
  static TriggerSource named(String broker) throws Exception {
    return switch (broker) {
      case "nats" -> NatsSource.connect();
      case "rabbitmq" -> RabbitSource.connect();
      case "kafka" -> KafkaSource.connect();
      default -> throw new IllegalArgumentException(
          "phase (u) knows the brokers " + BROKERS + ", not '" + broker + "'");
    };
  }

  /** Its name in the report: NATS JetStream, RabbitMQ, Kafka. */
  String title();

  /** Where its server is, for the report. */
  String where();

  /**
   * Makes a fresh stream or queue named {@code name} and publishes {@code messages} messages to
   * it, each body the JSON number of the message (0, 1, ...), waiting for the server to have
   * taken them all.
   */
  void fill(String name, int messages) throws Exception;

  /** A trigger on {@code name} that starts a run of {@link TriggerBenchWorkflow} per message. */
  TriggerDefinition trigger(String name) throws Exception;

  /** Removes the stream or queue {@code name}, if there. */
  void remove(String name) throws Exception;
}
