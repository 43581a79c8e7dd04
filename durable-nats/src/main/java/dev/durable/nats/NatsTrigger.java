package dev.durable.nats;

import dev.durable.runtime.TriggerInfo;
import dev.durable.runtime.trigger.MessageDecoder;
import dev.durable.runtime.trigger.Trigger;
import dev.durable.runtime.trigger.TriggerContext;
import dev.durable.runtime.trigger.TriggerBuilder;
import dev.durable.runtime.trigger.TriggerChecks;
import dev.durable.runtime.trigger.TriggerCounters;
import dev.durable.runtime.trigger.TriggerLoop;
import io.nats.client.Connection;
import io.nats.client.Message;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Function;

/**
 * Starts a run per message of a NATS JetStream stream: registered on the engine's builder, started
 * and stopped with the engine.
 *
 * <pre>{@code
 * DurableEngine engine = DurableEngine.builder()
 *     .register(new CheckoutWorkflowDurable(pricing))
 *     .queue(Queue.named("checkout").concurrency(8))
 *     .trigger(NatsTrigger.builder(connection)
 *         .stream("ORDERS").subject("orders.>").consumer("checkout")
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
 * <p>What it promises (docs/guide/20-starting-runs-from-messages.md):
 *
 * <ul>
 *   <li><b>A durable pull consumer</b> of the stream, made or updated when the engine starts: every
 *       engine with a trigger of the same stream and consumer takes its share of the messages.
 *   <li><b>One run per message.</b> A message's run id is {@code nats:<stream>:<consumer>:<stream
 *       sequence>} ({@link #runId}), and a start by id is idempotent: a message delivered again
 *       (its acknowledgement lost, or handed back) finds its run and starts nothing, counted as a
 *       duplicate. A message is acknowledged only once its run is stored.
 *   <li><b>Poison messages</b> (not decodable, input the workflow refuses) are published to the
 *       dead-letter subject with their reason in the header {@value #REASON_HEADER}, then
 *       acknowledged; or, with {@link Builder#setAside()}, logged and terminated. Either way the
 *       messages behind them go on.
 *   <li><b>Outages</b>: a start that fails because the store is away is handed back to the server
 *       with a delay ({@link Builder#retryDelay}) and comes again, however often; one that fails
 *       otherwise comes again up to {@link Builder#maxDeliveries} deliveries, then is
 *       dead-lettered.
 *   <li><b>Back-pressure</b>: with {@link Builder#queue(String, int)}, runs start through that
 *       queue, and while it holds its bound of runs waiting for admission the trigger fetches
 *       nothing; it fetches at most the room left, so the bound holds.
 * </ul>
 *
 * <p>The connection is the caller's: the trigger neither opens nor closes it.
 *
 * @param <T> the run's input, as the decoder makes it
 */
public final class NatsTrigger<T> implements Trigger {
  /** The header of a dead letter that says why it could not start a run. */
  public static final String REASON_HEADER = "Durable-Dead-Letter-Reason";
  /** The headers of a dead letter that say where it came from: stream, sequence, subject. */
  public static final String STREAM_HEADER = "Durable-Stream";
  public static final String SEQUENCE_HEADER = "Durable-Sequence";
  public static final String SUBJECT_HEADER = "Durable-Subject";
  /** The header of a dead letter that names the trigger that set it aside. */
  public static final String TRIGGER_HEADER = "Durable-Trigger";

  private final NatsTriggerSettings<T> settings;
  private final TriggerCounters counters;
  private final TriggerLoop loop;

  private NatsTrigger(NatsTriggerSettings<T> settings) {
    this.settings = settings;
    this.counters = new TriggerCounters(settings.common().name());
    this.loop = new TriggerLoop(settings.common().name());
  }

  /** A builder of a trigger that consumes through {@code connection}. */
  public static Builder<byte[]> builder(Connection connection) {
    return new Builder<>(Objects.requireNonNull(connection, "connection"));
  }

  /**
   * The id of the run that message {@code sequence} of {@code stream} starts through consumer
   * {@code consumer}: {@code nats:<stream>:<consumer>:<sequence>}. With the consumer in it, two
   * triggers of different consumers (two workflows fed by one stream) never share a run id; with
   * the sequence, a stream deleted and made again starts its sequences over and finds the runs of
   * the old one while they are kept.
   */
  public static String runId(String stream, String consumer, long sequence) {
    return "nats:" + stream + ":" + consumer + ":" + sequence;
  }

  /** A partition key from the message's subject: its token at {@code index}, from 0. */
  public static Function<Message, String> subjectToken(int index) {
    if (index < 0) {
      throw new IllegalArgumentException("a subject token's index starts at 0, but was " + index);
    }
    return message -> {
      String[] tokens = message.getSubject().split("\\.");
      return index < tokens.length ? tokens[index] : null;
    };
  }

  /** A partition key from the message's header {@code name} (its first value), if it has it. */
  public static Function<Message, String> header(String name) {
    Objects.requireNonNull(name, "name");
    return message -> message.hasHeaders() ? message.getHeaders().getFirst(name) : null;
  }

  @Override
  public String name() {
    return settings.common().name();
  }

  /**
   * Makes or updates the durable consumer and starts consuming on a thread of its own.
   *
   * @throws IllegalStateException if the stream does not exist, or the server refuses the
   *     consumer; the message says which and what to do
   */
  @Override
  public void start(TriggerContext context) {
    loop.start(() -> PullLoop.start(settings, context, counters));
  }

  @Override
  public TriggerInfo stats() {
    return counters.snapshot();
  }

  /** Stops fetching, finishes the message in hand, hands the rest of its batch back. */
  @Override
  public void close() {
    loop.close();
  }

  @Override
  public String toString() {
    return "NatsTrigger[" + name() + "]";
  }

  /**
   * Builds a {@link NatsTrigger}. Needed: {@link #stream}, {@link #consumer}, {@link #decode},
   * {@link #start}, and a choice for poison messages, {@link #deadLetter} or {@link #setAside()}.
   * The settings every trigger has ({@code queue}, {@code partitionKey}, {@code retryDelay},
   * {@code maxDeliveries}, {@code pausePoll}, ...) are {@link TriggerBuilder}'s; here, "held back"
   * by the queue's bound means it fetches nothing.
   *
   * @param <T> the run's input, as the decoder makes it
   */
  public static final class Builder<T> extends TriggerBuilder<Message, T, Builder<T>> {
    private final Connection connection;
    private String stream;
    private String subject;
    private String consumer;
    private int batchSize = 20;
    private Duration fetchWait = Duration.ofSeconds(1);
    private Duration ackWait = Duration.ofSeconds(30);

    private Builder(Connection connection) {
      super("NatsTrigger", "poison messages: deadLetter(\"<subject>\") to publish them with their"
          + " reason, or setAside() to log and drop them");
      this.connection = connection;
    }

    /** The JetStream stream to consume; it must exist when the engine starts. */
    public Builder<T> stream(String stream) {
      this.stream = TriggerChecks.text(stream, "stream");
      return this;
    }

    /**
     * The consumer's filter subject ({@code orders.>}): only the stream's messages on it start
     * runs; by default every message of the stream.
     */
    public Builder<T> subject(String subject) {
      this.subject = TriggerChecks.text(subject, "subject");
      return this;
    }

    /**
     * The durable consumer's name: every engine whose trigger names the same stream and consumer
     * shares its messages, each taken by one of them; it is part of every run id.
     */
    public Builder<T> consumer(String consumer) {
      this.consumer = Checks.name(consumer, "consumer");
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
     * Publishes poison messages to {@code subject} through JetStream, with their headers, body
     * and the reason ({@value #REASON_HEADER}), then acknowledges them. A stream must capture
     * the subject: the original is acknowledged only once that publish is. Or {@link #setAside()}:
     * poison messages are logged and terminated.
     */
    @Override
    public Builder<T> deadLetter(String subject) {
      return super.deadLetter(subject);
    }

    /** The most messages fetched at once; 20 by default. */
    public Builder<T> batchSize(int batchSize) {
      this.batchSize = TriggerChecks.atLeastOne(batchSize, "batchSize");
      return this;
    }

    /** How long a fetch waits for messages; 1 s by default. Closing waits for it at most. */
    public Builder<T> fetchWait(Duration fetchWait) {
      this.fetchWait = TriggerChecks.positive(fetchWait, "fetchWait");
      return this;
    }

    /**
     * How long the server waits for a message's acknowledgement before it delivers it again
     * (the consumer's {@code ack_wait}); 30 s by default: longer than a start takes.
     */
    public Builder<T> ackWait(Duration ackWait) {
      this.ackWait = TriggerChecks.positive(ackWait, "ackWait");
      return this;
    }

    /**
     * The trigger.
     *
     * @throws IllegalStateException naming what is missing or does not fit
     */
    public NatsTrigger<T> build() {
      require(stream, "stream(\"ORDERS\")");
      require(consumer, "consumer(\"checkout\")");
      return new NatsTrigger<>(new NatsTriggerSettings<>(settings(stream + "/" + consumer),
          connection, stream, subject, consumer, batchSize, fetchWait, ackWait));
    }
  }
}
