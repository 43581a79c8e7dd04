package dev.durable.tests.support;

import dev.durable.nats.NatsTrigger;
import io.nats.client.Connection;
import io.nats.client.JetStream;
import io.nats.client.JetStreamManagement;
import io.nats.client.Nats;
import io.nats.client.api.ConsumerInfo;
import io.nats.client.api.StorageType;
import io.nats.client.api.StreamConfiguration;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/** A NATS JetStream stream of its own ({@code CRASH_<id>}, in memory) and its consumer. */
public final class NatsBroker implements TriggerBroker {
  private static final String CONSUMER = "intake";
  /** Short, so that the messages of a killed engine come again soon. */
  private static final int ACK_WAIT_MS = 3_000;

  private final URI url;
  private final Connection nats;
  private final JetStream jetStream;
  private final JetStreamManagement management;
  private final String stream;
  private final String subject;
  /** Each message's stream sequence, which its run id is derived from. */
  private final Map<Integer, Long> sequences = new ConcurrentHashMap<>();

  /** A stream of its own on the server at {@code url}. */
  public NatsBroker(String url) throws Exception {
    this.url = URI.create(url);
    nats = Nats.connect(url);
    jetStream = nats.jetStream();
    management = nats.jetStreamManagement();
    String id = UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    stream = "CRASH_" + id;
    subject = "crash-" + id;
    management.addStream(StreamConfiguration.builder().name(stream).subjects(subject)
        .storageType(StorageType.Memory).build());
  }

  @Override
  public void publish(int from, int to) {
    for (int n = from; n < to; n++) {
      try {
        sequences.put(n, jetStream.publish(subject, TriggerBroker.body(n)).getSeqno());
      } catch (Exception e) {
        throw new IllegalStateException("cannot publish message " + n + " to " + stream, e);
      }
    }
  }

  @Override
  public String runId(int n) {
    return NatsTrigger.runId(stream, CONSUMER, sequences.get(n));
  }

  @Override
  public TcpProxy proxy() {
    return new TcpProxy(url.getHost(), url.getPort() == -1 ? 4222 : url.getPort());
  }

  @Override
  public List<String> childOptions(TcpProxy proxy) {
    return List.of("broker=nats", "brokerUrl=nats://127.0.0.1:" + proxy.port(),
        "source=" + stream, "consumer=" + CONSUMER, "ackWait=" + ACK_WAIT_MS);
  }

  @Override
  public long unsettled() {
    try {
      ConsumerInfo consumer = management.getConsumerInfo(stream, CONSUMER);
      return consumer.getNumPending() + consumer.getNumAckPending();
    } catch (Exception e) {
      throw new IllegalStateException("cannot read consumer " + CONSUMER + " of " + stream, e);
    }
  }

  @Override
  public void close() {
    try {
      management.deleteStream(stream);
      nats.close();
    } catch (Exception e) {
      throw new IllegalStateException("cannot delete stream " + stream, e);
    }
  }

  @Override
  public String toString() {
    return "NATS stream " + stream;
  }
}
