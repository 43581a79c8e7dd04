package dev.durable.rabbitmq;

import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.Delivery;
import dev.durable.rabbitmq.RabbitTriggerSettings.DeadLetterAddress;
import dev.durable.runtime.TriggerInfo;
import dev.durable.runtime.trigger.MessageDecoder;
import dev.durable.runtime.trigger.Trigger;
import dev.durable.runtime.trigger.TriggerContext;
import dev.durable.runtime.trigger.TriggerBuilder;
import dev.durable.runtime.trigger.TriggerChecks;
import dev.durable.runtime.trigger.TriggerCounters;
import dev.durable.runtime.trigger.TriggerLoop;
import dev.durable.runtime.trigger.TriggerSettings;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * Starts a run per message of a RabbitMQ queue: registered on the engine's builder, started and
 * stopped with the engine.
 *
 * <pre>{@code
 * DurableEngine engine = DurableEngine.builder()
 *     .register(new CheckoutWorkflowDurable(pricing))
 *     .queue(Queue.named("checkout").concurrency(8))
 *     .trigger(RabbitTrigger.builder(connectionFactory)
 *         .rabbitQueue("orders")
 *         .decode(MessageDecoder.json(Order.class))
 *         .start((start, order) ->
 *             CheckoutWorkflowClient.of(start.engine()).start(start.options(), order))
 *         .queue("checkout", 100)
 *         .deadLetter("orders.dead")
 *         .build())
 *     .build();
 * engine.start();
 * }</pre>
 *
 * <p>What it promises (docs/guide/20-starting-runs-from-messages.md), as every trigger does:
 *
 * <ul>
 *   <li><b>A consumer of the queue</b> with manual acknowledgements and a prefetch ({@link
 *       Builder#prefetch}): every engine with a trigger of the same queue takes its share of the
 *       messages. The queue must exist when the engine starts.
 *   <li><b>One run per message.</b> A message's run id is derived from its identity ({@link
 *       MessageIdentity}): {@code rabbitmq:<queue>:id:<message-id>} ({@link #runId}), or a hash of
 *       its routing key and body where the user chooses ({@link #contentRunId}); a start by id is
 *       idempotent, so a message delivered again (its acknowledgement lost, the connection cut,
 *       handed back) finds its run and starts nothing, counted as a duplicate. A message is
 *       acknowledged only once its run is stored.
 *   <li><b>Poison messages</b> (not decodable, input the workflow refuses, no identity) are
 *       published to the dead-letter queue or exchange with their reason in the header {@value
 *       #REASON_HEADER}, then acknowledged; or, with {@link Builder#setAside()}, logged and
 *       rejected without requeue (to the queue's own dead-letter exchange, if it has one). Either
 *       way the messages behind them go on.
 *   <li><b>Outages</b>: a start that fails because the store is away is handed back to RabbitMQ
 *       after a delay ({@link Builder#retryDelay}) and comes again, however often; one that fails
 *       otherwise comes again up to {@link Builder#maxDeliveries} times, then is dead-lettered.
 *       A cut connection loses nothing: the client reconnects by itself (automatic recovery), and
 *       the messages that were not acknowledged come again.
 *   <li><b>Back-pressure</b>: with {@link Builder#queue(String, int)}, runs start through that
 *       queue, and while it holds its bound of runs waiting for admission the trigger has no
 *       consumer on the RabbitMQ queue: the messages wait there, not in the database.
 * </ul>
 *
 * <p>A connection given to {@link #builder(Connection)} is the caller's: the trigger opens its
 * channels on it and closes only those. With {@link #builder(ConnectionFactory)} the trigger opens
 * a connection of its own when the engine starts and closes it when it stops.
 *
 * @param <T> the run's input, as the decoder makes it
 */
public final class RabbitTrigger<T> implements Trigger {
  /** The header of a dead letter that says why it could not start a run. */
  public static final String REASON_HEADER = "Durable-Dead-Letter-Reason";
  /** The headers of a dead letter that say where it came from: queue, exchange, routing key. */
  public static final String QUEUE_HEADER = "Durable-Queue";
  public static final String EXCHANGE_HEADER = "Durable-Exchange";
  public static final String ROUTING_KEY_HEADER = "Durable-Routing-Key";
  /** The header of a dead letter that names the trigger that set it aside. */
  public static final String TRIGGER_HEADER = "Durable-Trigger";
  /** The header of a dead letter that holds the run id it would have started, if it had one. */
  public static final String RUN_ID_HEADER = "Durable-Run-Id";

  /** The most messages RabbitMQ lets a consumer hold unacknowledged (an unsigned short). */
  private static final int MAX_PREFETCH = 65_535;

  private final RabbitTriggerSettings<T> settings;
  private final TriggerCounters counters;
  private final TriggerLoop loop;

  private RabbitTrigger(RabbitTriggerSettings<T> settings) {
    this.settings = settings;
    this.counters = new TriggerCounters(settings.common().name());
    this.loop = new TriggerLoop(settings.common().name());
  }

  /**
   * A builder of a trigger that consumes on {@code connection}, which stays the caller's. Give a
   * connection with automatic recovery (the client's default), or the trigger stops at the first
   * network failure.
   */
  public static Builder<byte[]> builder(Connection connection) {
    return new Builder<>(Broker.of(Objects.requireNonNull(connection, "connection")));
  }

  /**
   * A builder of a trigger that opens its own connection from {@code factory} when the engine
   * starts, and closes it when the engine closes.
   *
   * @throws IllegalArgumentException if the factory's automatic recovery is off
   */
  public static Builder<byte[]> builder(ConnectionFactory factory) {
    return new Builder<>(Broker.of(Objects.requireNonNull(factory, "factory")));
  }

  /**
   * The id of the run that the message with {@code messageId} of queue {@code queue} starts:
   * {@code rabbitmq:<queue>:id:<messageId>}, or, for an id that would be longer than the store
   * keeps (200 characters) or holds a control character, {@code rabbitmq:sha256:} and its hash.
   */
  public static String runId(String queue, String messageId) {
    return RunIds.ofMessageId(TriggerChecks.text(queue, "queue"),
        TriggerChecks.text(messageId, "messageId"));
  }

  /**
   * The id of the run that a message of queue {@code queue} without a message-id starts, under
   * {@link MessageIdentity#MESSAGE_ID_OR_CONTENT_HASH} or {@link MessageIdentity#CONTENT_HASH}:
   * {@code rabbitmq:<queue>:sha256:<SHA-256 of the routing key, a zero byte and the body>}.
   */
  public static String contentRunId(String queue, String routingKey, byte[] body) {
    return RunIds.ofContent(TriggerChecks.text(queue, "queue"),
        Objects.requireNonNull(routingKey, "routingKey"), Objects.requireNonNull(body, "body"));
  }

  /** A partition key from the message's routing key: its token at {@code index}, from 0. */
  public static Function<Delivery, String> routingKeyToken(int index) {
    if (index < 0) {
      throw new IllegalArgumentException("a routing key token's index starts at 0, but was "
          + index);
    }
    return delivery -> {
      String[] tokens = delivery.getEnvelope().getRoutingKey().split("\\.");
      return index < tokens.length && !tokens[index].isEmpty() ? tokens[index] : null;
    };
  }

  /** A partition key from the message's header {@code name} (as text), if it has it. */
  public static Function<Delivery, String> header(String name) {
    Objects.requireNonNull(name, "name");
    return delivery -> {
      Map<String, Object> headers = delivery.getProperties().getHeaders();
      Object value = headers == null ? null : headers.get(name);
      return value == null ? null : value.toString(); // a LongString reads as its UTF-8 text
    };
  }

  @Override
  public String name() {
    return settings.common().name();
  }

  /**
   * Connects (with a factory), checks the queue and the dead-letter destination, and starts
   * consuming on a thread of its own.
   *
   * @throws IllegalStateException if the connection fails, or the broker lacks the queue or the
   *     dead-letter destination; the message says which and what to do
   */
  @Override
  public void start(TriggerContext context) {
    loop.start(() -> ConsumeLoop.start(settings, context, counters));
  }

  @Override
  public TriggerInfo stats() {
    return counters.snapshot();
  }

  /**
   * Stops consuming, finishes the message in hand, and closes its channels, so that RabbitMQ
   * requeues the messages it had pushed and this trigger had not taken (and its connection, if it
   * opened it).
   */
  @Override
  public void close() {
    loop.close();
  }

  @Override
  public String toString() {
    return "RabbitTrigger[" + name() + "]";
  }

  /**
   * Builds a {@link RabbitTrigger}. Needed: {@link #rabbitQueue}, {@link #decode}, {@link #start},
   * and a choice for poison messages, {@link #deadLetter(String)} (or {@link #deadLetter(String,
   * String)}) or {@link #setAside()}. The settings every trigger has ({@code queue}, {@code
   * partitionKey}, {@code retryDelay}, {@code maxDeliveries}, {@code pausePoll}, ...) are {@link
   * TriggerBuilder}'s. Its {@code queue(name, maxWaiting)} is the Durable queue runs start
   * through, not the RabbitMQ queue ({@link #rabbitQueue}); held back by its bound, the trigger
   * has no consumer on the RabbitMQ queue. RabbitMQ keeps no delivery count on a classic queue,
   * so {@code maxDeliveries} is counted by each trigger while it runs, and {@code pausePoll} is
   * also how often, at most, it reads the RabbitMQ queue's message count (its lag).
   *
   * @param <T> the run's input, as the decoder makes it
   */
  public static final class Builder<T> extends TriggerBuilder<Delivery, T, Builder<T>> {
    private final Broker broker;
    private String rabbitQueue;
    private MessageIdentity identity = MessageIdentity.MESSAGE_ID;
    /** The dead letters' exchange; "" (the default exchange) for a dead-letter queue. */
    private String deadLetterExchange = "";
    private int prefetch = 20;

    private Builder(Broker broker) {
      super("RabbitTrigger", "poison messages: deadLetter(\"<queue>\") to publish them with their"
          + " reason, or setAside() to log and reject them");
      this.broker = broker;
    }

    /**
     * The RabbitMQ queue to consume; it must exist when the engine starts (the trigger declares
     * nothing: the queue's type, durability and bindings are the application's). Every engine
     * whose trigger names it takes its share of its messages; it is part of every run id.
     */
    public Builder<T> rabbitQueue(String rabbitQueue) {
      this.rabbitQueue = TriggerChecks.text(rabbitQueue, "rabbitQueue");
      return this;
    }

    /**
     * What a message's run id is derived from; {@link MessageIdentity#MESSAGE_ID} by default (a
     * message without one is dead-lettered). See {@link MessageIdentity} for the trade-off of a
     * content hash: two identical messages make one run.
     */
    public Builder<T> identity(MessageIdentity identity) {
      this.identity = Objects.requireNonNull(identity, "identity");
      return this;
    }

    /**
     * How a message's body becomes the run's input ({@link MessageDecoder#json(Class)} for JSON);
     * a body it throws for is a poison message.
     */
    public <U> Builder<U> decode(MessageDecoder<U> decoder) {
      return decoder(decoder);
    }

    /**
     * Publishes poison messages to queue {@code queue} (through the default exchange), with their
     * body, properties and the reason ({@value #REASON_HEADER}), then acknowledges them. The
     * queue must exist when the engine starts; the original is acknowledged only once the broker
     * confirmed the copy.
     */
    @Override
    public Builder<T> deadLetter(String queue) {
      TriggerChecks.text(queue, "deadLetter queue");
      this.deadLetterExchange = "";
      return deadLetterTo(queue);
    }

    /**
     * Publishes poison messages to {@code exchange} with {@code routingKey}, as {@link
     * #deadLetter(String)} does. The exchange must exist when the engine starts, and route the
     * key to a queue: a copy no queue takes is not a dead letter, and the original is kept.
     */
    public Builder<T> deadLetter(String exchange, String routingKey) {
      this.deadLetterExchange = TriggerChecks.text(exchange, "deadLetter exchange");
      return deadLetterTo(Objects.requireNonNull(routingKey, "routingKey"));
    }

    /**
     * Logs poison messages with their reason and rejects them without requeue: RabbitMQ drops
     * them, or routes them to the queue's own dead-letter exchange ({@code x-dead-letter-exchange})
     * where it has one (without the reason).
     */
    @Override
    public Builder<T> setAside() {
      return super.setAside();
    }

    /**
     * The most messages RabbitMQ pushes to the trigger before their acknowledgement (the
     * channel's {@code basic.qos}); 20 by default.
     */
    public Builder<T> prefetch(int prefetch) {
      TriggerChecks.atLeastOne(prefetch, "prefetch");
      if (prefetch > MAX_PREFETCH) {
        throw new IllegalArgumentException("a trigger's prefetch must be at most " + MAX_PREFETCH
            + " (RabbitMQ's limit), but was " + prefetch);
      }
      this.prefetch = prefetch;
      return this;
    }

    @Override
    protected String deadLetterCall() {
      return deadLetterExchange.isEmpty() ? super.deadLetterCall()
          : "deadLetter(\"" + deadLetterExchange + "\", ...)";
    }

    /**
     * The trigger.
     *
     * @throws IllegalStateException naming what is missing or does not fit
     */
    public RabbitTrigger<T> build() {
      require(rabbitQueue, "rabbitQueue(\"orders\")");
      TriggerSettings<Delivery, T> common = settings(rabbitQueue);
      DeadLetterAddress deadLetter = common.deadLetter() == null ? null
          : new DeadLetterAddress(deadLetterExchange, common.deadLetter());
      if (deadLetter != null && deadLetter.isQueue()
          && deadLetter.routingKey().equals(rabbitQueue)) {
        throw new IllegalStateException("trigger " + rabbitQueue + " would dead-letter to the"
            + " queue it consumes, and take its poison messages again; name another queue");
      }
      return new RabbitTrigger<>(new RabbitTriggerSettings<>(common, broker, rabbitQueue,
          identity, deadLetter, prefetch));
    }
  }
}
