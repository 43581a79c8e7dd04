package dev.durable.samples.summaries;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.Queue;
import dev.durable.runtime.QueueInfo;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunState;
import dev.durable.runtime.StartOptions;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs {@link SummarizeWorkflow} behind the run queue {@code llm}, which lets each tenant have
 * {@value #AT_ONCE} summaries in progress and start {@value #PER_SECOND} a second, across every
 * engine that shares the database. Tenant acme sends a batch of six documents at a low priority
 * and then one urgent document; tenant globex sends two. The urgent document overtakes acme's
 * batch, globex does not wait behind acme, and the model never answers more than {@value
 * #AT_ONCE} calls of one tenant at once. Then the model's provider goes down: the queue is paused,
 * two more documents wait in it, and once it is resumed they are summarized.
 *
 * <p>Run it from the repository root: {@code mvn -q package -DskipTests -Psample
 * -Dsample=summaries}.
 */
public final class SummariesSample {
  /** The summaries of one tenant in progress at once, across all engines. */
  static final int AT_ONCE = 2;
  /** The summaries of one tenant started per second, across all engines. */
  static final int PER_SECOND = 4;
  private static final Duration AWAIT = Duration.ofSeconds(60);

  private SummariesSample() {}

  /** The queue as every engine that serves it declares it. */
  public static Queue llmQueue() {
    return Queue.named("llm")
        .concurrency(AT_ONCE)                              // per tenant, across all engines
        .rateLimit(PER_SECOND, Duration.ofSeconds(1));     // per tenant, across all engines
  }

  /** Builds an engine from {@code builder} with the queue, and summarizes nine documents. */
  public static void run(DurableEngine.Builder builder, PrintStream out) {
    ModelServer model = new ModelServer(100);
    try (DurableEngine engine =
        builder.queue(llmQueue()).register(new SummarizeWorkflowDurable(model)).build()) {
      SummarizeWorkflowClient summaries = SummarizeWorkflowClient.of(engine);
      out.printf("%nQueue 'llm': per tenant, %d summaries at once and %d started a second.%n",
          AT_ONCE, PER_SECOND);
      out.printf("acme sends 6 documents at priority 5 (a batch), then 1 at priority 0;"
          + " globex sends 2. The engine starts after all nine are queued.%n");
      List<RunHandle<String>> runs = new ArrayList<>();
      for (int i = 1; i <= 6; i++) {
        runs.add(start(summaries, new Document("acme", "acme-" + i, "Minutes of meeting " + i), 5));
      }
      RunHandle<String> urgent = start(summaries, new Document("acme", "acme-urgent", "Incident report"), 0);
      runs.add(urgent);
      for (int i = 1; i <= 2; i++) {
        runs.add(start(summaries, new Document("globex", "globex-" + i, "Contract " + i), 0));
      }
      out.printf("  before the engine starts: %d runs ENQUEUED%n",
          runs.stream().filter(run -> run.status().run().status() == RunState.ENQUEUED).count());

      engine.start();
      for (RunHandle<String> run : runs) {
        run.await(AWAIT);
      }
      out.printf("  all %d summaries done, %d calls to the model%n", runs.size(), model.calls());
      for (String tenant : List.of("acme", "globex")) {
        out.printf("  %s: the model never answered more than %d of its calls at once: %s%n",
            tenant, AT_ONCE, model.peakInFlight(tenant) <= AT_ONCE ? "yes" : "NO");
      }
      out.printf("  acme-urgent reached the model among acme's first %d calls: %s%n", AT_ONCE,
          model.callOrder("acme").indexOf("acme-urgent") < AT_ONCE ? "yes" : "NO");

      out.printf("%nThe model's provider goes down: engine.pauseQueue(\"llm\") on one engine"
          + " stops every engine admitting through it.%n");
      engine.pauseQueue("llm");
      int before = model.calls();
      List<RunHandle<String>> held = List.of(
          start(summaries, new Document("globex", "globex-3", "Contract 3"), 0),
          start(summaries, new Document("globex", "globex-4", "Contract 4"), 0));
      QueueInfo paused = engine.queues().stream().filter(q -> q.name().equals("llm"))
          .findFirst().orElseThrow();
      out.printf("  queue llm: paused %s, depth %d; the runs wait ENQUEUED, nothing calls the"
          + " model%n", paused.paused(), paused.depth());
      out.printf("The provider is back: engine.resumeQueue(\"llm\").%n");
      engine.resumeQueue("llm");
      for (RunHandle<String> run : held) {
        run.await(AWAIT);
      }
      out.printf("  both summarized once resumed: %d more calls to the model%n",
          model.calls() - before);
    }
  }

  private static RunHandle<String> start(
      SummarizeWorkflowClient summaries, Document document, int priority) {
    return summaries.start(
        StartOptions.builder()
            .queue("llm")
            .partitionKey(document.tenant())   // the queue's limits hold per tenant
            .priority(priority)                // lower first
            .build(),
        document);
  }
}
