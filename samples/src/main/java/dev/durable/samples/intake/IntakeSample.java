package dev.durable.samples.intake;

import dev.durable.nats.NatsTrigger;
import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.Queue;
import dev.durable.runtime.RunFilter;
import dev.durable.runtime.RunState;
import dev.durable.runtime.TriggerInfo;
import dev.durable.runtime.trigger.MessageDecoder;
import io.nats.client.Connection;
import io.nats.client.JetStream;
import io.nats.client.JetStreamApiException;
import io.nats.client.JetStreamManagement;
import io.nats.client.Nats;
import io.nats.client.Options;
import io.nats.client.api.MessageInfo;
import io.nats.client.api.StorageType;
import io.nats.client.api.StreamConfiguration;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Runs started by messages: the shop publishes its orders on a NATS JetStream stream, and a
 * trigger ({@link NatsTrigger}) starts one {@link IntakeWorkflow} run per message, through the run
 * queue {@code intake}, each tenant a partition key. Six messages wait in the stream before the
 * engine starts: four orders, a body that is not JSON and an order its input's constraints refuse.
 * The four orders run, each reserved once; the two poison messages go to the dead-letter subject
 * with their reason, and block nothing.
 *
 * <p>It needs a NATS server with JetStream: {@code nats-server -js} listens on {@value
 * #DEFAULT_URL}; {@code -Dnats.url=...} or {@code DURABLE_NATS_URL} names another. Run it from the
 * repository root: {@code mvn -q package -DskipTests -Psample -Dsample=intake}. The sample makes a
 * stream of its own (in memory) and deletes it at the end.
 */
public final class IntakeSample {
  static final String DEFAULT_URL = "nats://127.0.0.1:4222";
  private static final Duration AWAIT = Duration.ofSeconds(30);
  private static final String CONSUMER = "intake";

  private IntakeSample() {}

  /** Builds an engine from {@code builder} with the trigger, and tells the story. */
  public static void run(DurableEngine.Builder builder, PrintStream out) {
    String url = natsUrl();
    try (Connection nats = connect(url)) {
      String id = String.format(Locale.ROOT, "%08X", ThreadLocalRandom.current().nextInt());
      String stream = "INTAKE_" + id;
      String subjects = "intake." + id;
      JetStreamManagement streams = nats.jetStreamManagement();
      streams.addStream(StreamConfiguration.builder().name(stream).subjects(subjects + ".>")
          .storageType(StorageType.Memory).build());
      try {
        story(builder, nats, stream, subjects, out);
      } finally {
        streams.deleteStream(stream);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (JetStreamApiException e) {
      throw new IllegalStateException("NATS refused the sample's stream: " + e.getMessage()
          + "; is JetStream on (nats-server -js)?", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }

  private static void story(DurableEngine.Builder builder, Connection nats, String stream,
      String subjects, PrintStream out)
      throws IOException, JetStreamApiException, InterruptedException {
    out.printf("%nStream %s: the shop publishes its orders on %s.orders.<tenant>.%n", stream,
        subjects);
    JetStream publisher = nats.jetStream();
    List<String> bodies = List.of(
        order("a-1", "acme", 1200), order("a-2", "acme", 800), "this is not JSON",
        order("g-1", "globex", 4500), order("g-2", "globex", -5), order("g-3", "globex", 300));
    List<String> tenants = List.of("acme", "acme", "acme", "globex", "globex", "globex");
    for (int i = 0; i < bodies.size(); i++) {
      publisher.publish(subjects + ".orders." + tenants.get(i),
          bodies.get(i).getBytes(StandardCharsets.UTF_8));
    }
    out.printf("%d messages wait in the stream before the engine starts: 4 orders, one body"
        + " that is not JSON, one order of -5 cents.%n", bodies.size());

    CopyOnWriteArrayList<String> reserved = new CopyOnWriteArrayList<>();
    try (DurableEngine engine = builder
        .queue(Queue.named("intake").concurrency(2))        // per tenant, across all engines
        .register(new IntakeWorkflowDurable(reserved))
        .trigger(NatsTrigger.builder(nats)
            .stream(stream).subject(subjects + ".orders.>").consumer(CONSUMER)
            .decode(MessageDecoder.json(PlacedOrder.class))
            .start((start, order) ->
                IntakeWorkflowClient.of(start.engine()).start(start.options(), order))
            .queue("intake", 100)                           // at most 100 runs waiting in it
            .partitionKey(NatsTrigger.subjectToken(3))      // intake.<id>.orders.<tenant>
            .deadLetter(subjects + ".dead")                 // the same stream keeps them
            .build())
        .build()) {
      engine.start();
      TriggerInfo stats = awaitTaken(engine, bodies.size());
      out.printf("%nThe trigger took every message: %d runs started, %d dead-lettered.%n",
          stats.started(), stats.deadLettered());
      for (long sequence : List.of(1L, 2L, 4L, 6L)) {
        String runId = NatsTrigger.runId(stream, CONSUMER, sequence);
        String result = IntakeWorkflowClient.of(engine).get(runId).await(AWAIT);
        out.printf("  %-32s %s, %s%n", runId,
            engine.getRunStatus(runId).run().status(), result);
      }
      out.printf("Each order reserved once: %s%n", reserved.stream().sorted().toList());
      out.printf("Runs in the store: %d, all %s%n", engine.listRuns(
          RunFilter.builder().build()).size(), RunState.COMPLETED);

      out.printf("%nThe dead letters, on %s.dead, with their reason in a header:%n", subjects);
      JetStreamManagement streams = nats.jetStreamManagement();
      for (long sequence = bodies.size() + 1; sequence <= bodies.size() + 2; sequence++) {
        MessageInfo dead = streams.getMessage(stream, sequence);
        String reason = dead.getHeaders().getFirst(NatsTrigger.REASON_HEADER);
        out.printf("  message %s: %s%n", dead.getHeaders().getFirst(NatsTrigger.SEQUENCE_HEADER),
            reason.substring(0, reason.indexOf(':')));
      }
      TriggerInfo end = engine.triggers().get(0);
      out.printf("%nengine.triggers(): consumed %d, started %d, duplicates %d, dead-lettered %d,"
          + " lag %d%n", end.consumed(), end.started(), end.duplicates(), end.deadLettered(),
          end.lag().orElse(0));
    }
  }

  /** Waits until the engine's one trigger has taken {@code messages} messages. */
  private static TriggerInfo awaitTaken(DurableEngine engine, int messages)
      throws InterruptedException {
    long deadline = System.nanoTime() + AWAIT.toNanos();
    while (true) {
      TriggerInfo stats = engine.triggers().get(0);
      if (stats.started() + stats.deadLettered() >= messages) {
        return stats;
      }
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("the trigger took " + stats.consumed() + " of the "
            + messages + " messages within " + AWAIT + "; see the engine's log");
      }
      Thread.sleep(20); // a sample's wait for what it shows next
    }
  }

  private static String order(String id, String tenant, long cents) {
    return "{\"id\":\"" + id + "\",\"tenant\":\"" + tenant + "\",\"cents\":" + cents + "}";
  }

  private static String natsUrl() {
    String url = System.getProperty("nats.url");
    if (url == null || url.isBlank()) {
      url = System.getenv("DURABLE_NATS_URL");
    }
    return url == null || url.isBlank() ? DEFAULT_URL : url;
  }

  private static Connection connect(String url) throws InterruptedException {
    try {
      return Nats.connect(new Options.Builder().server(url)
          .connectionTimeout(Duration.ofSeconds(2)).build());
    } catch (IOException e) {
      throw new IllegalStateException("the intake sample needs a NATS server with JetStream at "
          + url + " (" + e.getMessage() + "); start one with nats-server -js, or name another"
          + " with -Dnats.url=... or DURABLE_NATS_URL", e);
    }
  }
}
