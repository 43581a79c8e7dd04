package dev.durable.kafka;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.trigger.MessageDecoder;
import dev.durable.trigger.testing.Ledger;
import dev.durable.trigger.testing.Order;
import dev.durable.trigger.testing.OrderIntakeWorkflowClient;
import dev.durable.trigger.testing.OrderIntakeWorkflowDurable;
import java.time.Duration;

/**
 * The process a crash test kills: an engine whose Kafka trigger starts runs from the test's topic
 * and dies ({@link Runtime#halt}) right after storing the run of order {@code o-<haltAt>}, before
 * the offsets of its batch can be committed. Its runs go through queue {@code intake}, which this
 * engine does not declare, so that it runs none of them: the engine that takes over runs them.
 *
 * <p>Arguments: bootstrap servers, topic, group, JDBC URL, the order to die at (a negative one:
 * none, the test kills the process).
 */
public final class CrashingIntake {
  private CrashingIntake() {}

  public static void main(String[] args) throws Exception {
    String bootstrapServers = args[0];
    String topic = args[1];
    String group = args[2];
    String jdbcUrl = args[3];
    String haltAt = "o-" + args[4];
    DurableEngine engine = DurableEngine.builder().jdbcUrl(jdbcUrl).discover(false)
        .register(new OrderIntakeWorkflowDurable(new Ledger()))
        .trigger(KafkaTrigger.builder(bootstrapServers).topic(topic).groupId(group)
            .property("session.timeout.ms", KafkaTriggerTest.SESSION_TIMEOUT_MS)
            .property("heartbeat.interval.ms", KafkaTriggerTest.SESSION_TIMEOUT_MS / 4)
            .decode(MessageDecoder.json(Order.class))
            .start((start, order) -> {
              var handle =
                  OrderIntakeWorkflowClient.of(start.engine()).start(start.options(), order);
              if (order.id().equals(haltAt)) {
                Runtime.getRuntime().halt(3); // the run is stored; its offset is not committed
              }
              return handle;
            })
            .queue("intake", 100)
            .setAside()
            .fetchWait(Duration.ofMillis(200))
            .build())
        .build();
    engine.start();
    Thread.sleep(Duration.ofMinutes(2).toMillis()); // the test kills it long before
    System.exit(1);
  }
}
