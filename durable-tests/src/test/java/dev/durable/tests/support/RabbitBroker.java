package dev.durable.tests.support;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import dev.durable.rabbitmq.RabbitTrigger;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.UUID;

/**
 * A RabbitMQ queue of its own ({@code crash-<id>}); message {@code n} has the message-id {@code
 * m-<n>}, which its run id is derived from.
 */
public final class RabbitBroker implements TriggerBroker {
  private final URI url;
  private final Connection rabbit;
  private final Channel channel;
  private final String queue;

  /** A queue of its own on the broker at {@code url}. */
  public RabbitBroker(String url) throws Exception {
    this.url = URI.create(url);
    ConnectionFactory factory = new ConnectionFactory();
    factory.setUri(url);
    rabbit = factory.newConnection("trigger-crash-test");
    channel = rabbit.createChannel();
    channel.confirmSelect();
    queue = "crash-" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    channel.queueDeclare(queue, false, false, false, null);
  }

  @Override
  public void publish(int from, int to) {
    try {
      for (int n = from; n < to; n++) {
        AMQP.BasicProperties properties = new AMQP.BasicProperties.Builder()
            .messageId(messageId(n)).contentType("application/json").build();
        channel.basicPublish("", queue, properties, TriggerBroker.body(n));
      }
      channel.waitForConfirmsOrDie(30_000);
    } catch (Exception e) {
      throw new IllegalStateException("cannot publish messages " + from + " to " + (to - 1)
          + " to " + queue, e);
    }
  }

  private static String messageId(int n) {
    return "m-" + n;
  }

  @Override
  public String runId(int n) {
    return RabbitTrigger.runId(queue, messageId(n));
  }

  @Override
  public TcpProxy proxy() {
    return new TcpProxy(url.getHost(), url.getPort() == -1 ? 5672 : url.getPort());
  }

  @Override
  public List<String> childOptions(TcpProxy proxy) {
    try {
      URI throughProxy = new URI(url.getScheme(), url.getUserInfo(), "127.0.0.1", proxy.port(),
          url.getPath(), url.getQuery(), url.getFragment());
      return List.of("broker=rabbitmq", "brokerUrl=" + throughProxy, "source=" + queue);
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException("cannot route " + url + " through the proxy", e);
    }
  }

  @Override
  public long unsettled() {
    try {
      return channel.queueDeclarePassive(queue).getMessageCount();
    } catch (Exception e) {
      throw new IllegalStateException("cannot read queue " + queue, e);
    }
  }

  @Override
  public void close() {
    try {
      channel.queueDelete(queue);
      rabbit.close();
    } catch (Exception e) {
      throw new IllegalStateException("cannot delete queue " + queue, e);
    }
  }

  @Override
  public String toString() {
    return "RabbitMQ queue " + queue;
  }
}
