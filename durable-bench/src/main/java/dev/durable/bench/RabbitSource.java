package dev.durable.bench;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import dev.durable.rabbitmq.RabbitTrigger;
import dev.durable.runtime.TriggerDefinition;
import dev.durable.runtime.trigger.MessageDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * Phase (u)'s RabbitMQ side: a durable classic queue of its own per pass, its messages
 * persistent, each with a {@code message-id} ({@code m-<i>}) as the trigger's default identity
 * asks, published with publisher confirms. The broker from {@code DURABLE_RABBITMQ_URL}, as the
 * RabbitMQ tests take it, by default {@value #DEFAULT_URL}; each engine's trigger opens its own
 * connection from the factory.
 */
final class RabbitSource implements TriggerSource {
  static final String DEFAULT_URL = "amqp://guest:guest@127.0.0.1:5672";
  /** Publishes before waiting for the broker's confirms. */
  private static final int CONFIRM_WINDOW = 1_000;
  private static final Duration CONFIRM_TIMEOUT = Duration.ofSeconds(60);

  private final String url;
  private final ConnectionFactory factory;
  private final Connection connection;

  private RabbitSource(String url, ConnectionFactory factory, Connection connection) {
    this.url = url;
    this.factory = factory;
    this.connection = connection;
  }

  static RabbitSource connect() throws Exception {
    String url = System.getenv("DURABLE_RABBITMQ_URL");
    url = url == null || url.isBlank() ? DEFAULT_URL : url;
    ConnectionFactory factory = new ConnectionFactory();
    factory.setUri(url);
    return new RabbitSource(url, factory, factory.newConnection("durable-bench"));
  }

  @Override
  public String title() {
    return "RabbitMQ";
  }

  @Override
  public String where() {
    return url.replaceAll("//[^@]*@", "//") + " (RabbitMQ "
        + connection.getServerProperties().get("version") + ")";
  }

  @Override
  public void fill(String name, int messages) throws Exception {
    try (Channel channel = connection.createChannel()) {
      channel.queueDeclare(name, true, false, false, null);
      channel.confirmSelect();
      for (int i = 0; i < messages; i++) {
        AMQP.BasicProperties properties = new AMQP.BasicProperties.Builder()
            .messageId("m-" + i).contentType("application/json").deliveryMode(2).build();
        channel.basicPublish("", name, properties,
            Integer.toString(i).getBytes(StandardCharsets.UTF_8));
        if ((i + 1) % CONFIRM_WINDOW == 0 || i == messages - 1) {
          channel.waitForConfirmsOrDie(CONFIRM_TIMEOUT.toMillis());
        }
      }
      long ready = channel.messageCount(name);
      if (ready != messages) {
        throw new IllegalStateException("queue " + name + " holds " + ready + " messages, not "
            + messages);
      }
    }
  }

  @Override
  public TriggerDefinition trigger(String name) {
    return RabbitTrigger.builder(factory).rabbitQueue(name)
        .decode(MessageDecoder.json(Integer.class))
        .start((start, message) ->
            TriggerBenchWorkflowClient.of(start.engine()).start(start.options(), message))
        .setAside()
        .build();
  }

  @Override
  public void remove(String name) throws Exception {
    try (Channel channel = connection.createChannel()) {
      channel.queueDelete(name);
    }
  }

  @Override
  public void close() throws Exception {
    connection.close();
  }
}
