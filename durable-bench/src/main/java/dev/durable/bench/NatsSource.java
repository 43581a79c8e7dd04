package dev.durable.bench;

import dev.durable.nats.NatsTrigger;
import dev.durable.runtime.TriggerDefinition;
import dev.durable.runtime.trigger.MessageDecoder;
import io.nats.client.Connection;
import io.nats.client.JetStream;
import io.nats.client.JetStreamApiException;
import io.nats.client.JetStreamManagement;
import io.nats.client.Nats;
import io.nats.client.api.PublishAck;
import io.nats.client.api.StorageType;
import io.nats.client.api.StreamConfiguration;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Phase (u)'s NATS JetStream side: a stream of its own per pass (file storage, as a deployment
 * keeps one), subject {@code <name>.m}, consumed by the durable consumer {@value #CONSUMER} that
 * every engine of the pass shares. The server from {@code DURABLE_NATS_URL}, as the NATS tests
 * take it, by default {@value #DEFAULT_URL}.
 */
final class NatsSource implements TriggerSource {
  static final String DEFAULT_URL = "nats://127.0.0.1:4222";
  static final String CONSUMER = "bench";
  /** Publishes in flight at once before waiting for the server's acknowledgements. */
  private static final int PUBLISH_WINDOW = 1_000;

  private final String url;
  private final Connection connection;

  private NatsSource(String url, Connection connection) {
    this.url = url;
    this.connection = connection;
  }

  static NatsSource connect() throws IOException, InterruptedException {
    String url = System.getenv("DURABLE_NATS_URL");
    url = url == null || url.isBlank() ? DEFAULT_URL : url;
    return new NatsSource(url, Nats.connect(url));
  }

  @Override
  public String title() {
    return "NATS JetStream";
  }

  @Override
  public String where() {
    return url + " (NATS " + connection.getServerInfo().getVersion() + ")";
  }

  @Override
  public void fill(String name, int messages) throws Exception {
    JetStreamManagement management = connection.jetStreamManagement();
    management.addStream(StreamConfiguration.builder().name(name).subjects(name + ".m")
        .storageType(StorageType.File).build());
    JetStream jetStream = connection.jetStream();
    List<CompletableFuture<PublishAck>> window = new ArrayList<>();
    for (int i = 0; i < messages; i++) {
      window.add(jetStream.publishAsync(name + ".m",
          Integer.toString(i).getBytes(StandardCharsets.UTF_8)));
      if (window.size() == PUBLISH_WINDOW || i == messages - 1) {
        for (CompletableFuture<PublishAck> ack : window) {
          ack.get();
        }
        window.clear();
      }
    }
    long stored = management.getStreamInfo(name).getStreamState().getMsgCount();
    if (stored != messages) {
      throw new IllegalStateException("stream " + name + " holds " + stored + " messages, not "
          + messages);
    }
  }

  @Override
  public TriggerDefinition trigger(String name) {
    return NatsTrigger.builder(connection).stream(name).consumer(CONSUMER)
        .decode(MessageDecoder.json(Integer.class))
        .start((start, message) ->
            TriggerBenchWorkflowClient.of(start.engine()).start(start.options(), message))
        .setAside()
        .build();
  }

  @Override
  public void remove(String name) throws IOException, JetStreamApiException {
    try {
      connection.jetStreamManagement().deleteStream(name);
    } catch (JetStreamApiException e) {
      if (e.getApiErrorCode() != 10059) { // stream not found: nothing to remove
        throw e;
      }
    }
  }

  @Override
  public void close() throws InterruptedException {
    connection.close();
  }
}
