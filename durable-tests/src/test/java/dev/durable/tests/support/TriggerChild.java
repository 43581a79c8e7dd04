package dev.durable.tests.support;

import com.rabbitmq.client.ConnectionFactory;
import dev.durable.nats.NatsTrigger;
import dev.durable.rabbitmq.RabbitTrigger;
import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.TriggerDefinition;
import dev.durable.runtime.TriggerInfo;
import dev.durable.runtime.trigger.MessageDecoder;
import dev.durable.runtime.trigger.RunStarter;
import dev.durable.tests.workflows.LoadJob;
import dev.durable.tests.workflows.LoadWorkflowClient;
import dev.durable.tests.workflows.LoadWorkflowDurable;
import io.nats.client.Nats;
import io.nats.client.Options;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An engine process of {@code TriggerCrashTest}, started by {@link EngineProcess}: an engine whose
 * trigger starts a {@link dev.durable.tests.workflows.LoadWorkflow} run per message of a NATS
 * stream or a RabbitMQ queue. Its arguments are {@code key=value} pairs:
 *
 * <ul>
 *   <li>{@code id}, {@code url}, {@code journal}, {@code lease}, {@code poll}: as for {@link
 *       LoadChild} (its steps do not wait);
 *   <li>{@code broker}: {@code nats} or {@code rabbitmq}; {@code brokerUrl}: its URL (possibly
 *       through a test's proxy);
 *   <li>{@code source}: the stream (NATS) or the queue (RabbitMQ) consumed; {@code consumer}: the
 *       durable consumer (NATS); {@code ackWait}: the consumer's ack wait in milliseconds (NATS);
 *   <li>{@code holdAfter}: if given, the starter holds forever right after the start that stored
 *       this engine's {@code holdAfter}-th run, before the trigger could acknowledge its message.
 * </ul>
 *
 * <p>Its starter prints {@value #STARTED} or {@value #DUPLICATE} and the run id for each start, as
 * {@code RunHandle.created()} says (what the trigger counts), and {@value #HELD} with the run id
 * where it holds. It prints {@value LoadChild#READY} once its engine is started; on the line
 * {@code stop} from its standard input it closes the engine, prints {@value #STATS} and its
 * trigger's figures ({@link #stats}) and exits; it exits too when its standard input closes.
 */
public final class TriggerChild {
  public static final String STARTED = "STARTED ";
  public static final String DUPLICATE = "DUPLICATE ";
  public static final String HELD = "HELD ";
  public static final String STATS = "STATS ";
  /** What the test sends to stop an engine gracefully. */
  public static final String STOP = "stop";

  private TriggerChild() {}

  public static void main(String[] args) throws Exception {
    Map<String, String> options = LoadChild.options(args);
    String id = options.get("id");
    int holdAfter = Integer.parseInt(options.getOrDefault("holdAfter", "0"));
    AtomicInteger created = new AtomicInteger();
    RunStarter<LoadJob> starter = (start, job) -> {
      RunHandle<String> run = LoadWorkflowClient.of(start.engine()).start(start.options(), job);
      if (!run.created()) {
        say(DUPLICATE + run.id());
      } else {
        say(STARTED + run.id());
        if (created.incrementAndGet() == holdAfter) {
          say(HELD + run.id());
          holdForever();
        }
      }
      return run;
    };
    DurableEngine engine = DurableEngine.builder()
        .jdbcUrl(options.get("url"))
        .discover(false)
        .engineId(id)
        .leaseDuration(Duration.ofMillis(Long.parseLong(options.get("lease"))))
        .pollInterval(Duration.ofMillis(Long.parseLong(options.get("poll"))))
        .register(new LoadWorkflowDurable(new ExecutionJournal(options.get("journal"), id), 0, 0))
        .trigger(trigger(options, starter))
        .build();
    engine.start();
    say(LoadChild.READY + " " + id);
    BufferedReader commands =
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    String command;
    while ((command = commands.readLine()) != null) {
      if (command.equals(STOP)) {
        engine.close();
        say(STATS + stats(engine.triggers().get(0)));
        System.exit(0);
      }
    }
    // the test JVM that reads this process is gone
    System.exit(3);
  }

  /** A trigger's figures as {@link #STATS} prints them: {@code started=1 duplicates=2 ...}. */
  static String stats(TriggerInfo info) {
    return "consumed=" + info.consumed() + " started=" + info.started()
        + " duplicates=" + info.duplicates() + " deadLettered=" + info.deadLettered()
        + " redelivered=" + info.redelivered();
  }

  private static TriggerDefinition trigger(Map<String, String> options,
      RunStarter<LoadJob> starter) throws Exception {
    String url = options.get("brokerUrl");
    String source = options.get("source");
    MessageDecoder<LoadJob> decoder = MessageDecoder.json(LoadJob.class);
    switch (options.get("broker")) {
      case "nats":
        // reconnects at once, for good: the test cuts the connection and restores it
        Options nats = new Options.Builder().server(url).maxReconnects(-1)
            .reconnectWait(Duration.ofMillis(100)).connectionName(options.get("id")).build();
        return NatsTrigger.builder(Nats.connect(nats)).stream(source)
            .consumer(options.get("consumer")).decode(decoder).start(starter).setAside()
            .fetchWait(Duration.ofMillis(200))
            .ackWait(Duration.ofMillis(Long.parseLong(options.get("ackWait"))))
            .retryDelay(Duration.ofMillis(200))
            .build();
      case "rabbitmq":
        ConnectionFactory rabbit = new ConnectionFactory();
        rabbit.setUri(url);
        rabbit.setNetworkRecoveryInterval(100);
        return RabbitTrigger.builder(rabbit).rabbitQueue(source).decode(decoder).start(starter)
            .setAside()
            .retryDelay(Duration.ofMillis(200))
            .build();
      default:
        throw new IllegalArgumentException("unknown broker " + options.get("broker"));
    }
  }

  /** Holds the calling thread until the process is killed. */
  private static void holdForever() {
    while (true) {
      try {
        Thread.sleep(Long.MAX_VALUE);
      } catch (InterruptedException e) {
        // held all the same: only a kill ends it
      }
    }
  }

  private static void say(String line) {
    System.out.println(line);
    System.out.flush();
  }
}
