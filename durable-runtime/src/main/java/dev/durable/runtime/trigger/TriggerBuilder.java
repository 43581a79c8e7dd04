package dev.durable.runtime.trigger;

import java.time.Duration;
import java.util.Objects;
import java.util.function.Function;

/**
 * What every broker's trigger builder has, with its defaults and its checks, written once: a
 * broker's builder ({@code NatsTrigger.Builder}, {@code RabbitTrigger.Builder}, {@code
 * KafkaTrigger.Builder}) extends it, adds what only its broker has (a stream and consumer, a
 * RabbitMQ queue, topics and properties), and builds from {@link #settings}.
 *
 * <p>Every method returns the broker's builder, so the calls chain in any order, except that
 * {@link #start} comes after the broker's {@code decode}: the starter takes what the decoder makes.
 * Each setting is checked when it is set, and what needs the others when the trigger is built;
 * each message says what was wrong and what to do.
 *
 * @param <M> the broker's message type, what a {@link #partitionKey} is read from
 * @param <T> the run's input, as the decoder makes it
 * @param <B> the broker's builder
 */
public abstract class TriggerBuilder<M, T, B extends TriggerBuilder<M, T, B>> {
  private final String triggerClass;
  private final String poisonChoice;
  private String name;
  private MessageDecoder<T> decoder;
  private RunStarter<T> starter;
  private String queue;
  private int maxWaiting;
  private Function<M, String> partitionKey;
  private String deadLetter;
  private boolean setAside;
  private Duration retryDelay = Duration.ofSeconds(5);
  private int maxDeliveries = 5;
  private Duration pausePoll = Duration.ofMillis(500);

  /**
   * A builder of {@code triggerClass} ({@code "NatsTrigger"}), what its messages name.
   *
   * @param poisonChoice what a trigger built without a choice for poison messages is told after
   *     "needs a choice for": {@code poison messages: deadLetter("<subject>") to publish them with
   *     their reason, or setAside() to log and drop them}
   */
  protected TriggerBuilder(String triggerClass, String poisonChoice) {
    this.triggerClass = Objects.requireNonNull(triggerClass, "triggerClass");
    this.poisonChoice = Objects.requireNonNull(poisonChoice, "poisonChoice");
  }

  @SuppressWarnings("unchecked") // B is the class that extends this one
  private B self() {
    return (B) this;
  }

  /** The trigger's name in logs and metrics; by default named after what it consumes. */
  public B name(String name) {
    this.name = TriggerChecks.text(name, "name");
    return self();
  }

  /**
   * Sets how a message's body becomes the run's input, and forgets a starter set before, which
   * took the old input: the broker's {@code decode} calls it and returns the builder as {@code C}.
   */
  @SuppressWarnings("unchecked") // the builder holds no value of T yet but the starter, reset
  protected final <U, C extends TriggerBuilder<M, U, C>> C decoder(MessageDecoder<U> decoder) {
    TriggerBuilder<M, U, C> typed = (TriggerBuilder<M, U, C>) (TriggerBuilder<M, ?, ?>) this;
    typed.decoder = Objects.requireNonNull(decoder, "decoder");
    typed.starter = null;
    return (C) typed;
  }

  /**
   * Starts the run for a decoded message: {@code (start, order) ->
   * CheckoutWorkflowClient.of(start.engine()).start(start.options(), order)}. Start with the
   * options given, which hold the message's run id (and the queue and partition key).
   *
   * @throws IllegalStateException if no decoder is set yet
   */
  public B start(RunStarter<T> starter) {
    if (decoder == null) {
      throw new IllegalStateException("set decode(...) before start(...): the starter takes"
          + " what the decoder makes");
    }
    this.starter = Objects.requireNonNull(starter, "starter");
    return self();
  }

  /**
   * Starts the runs through the Durable queue {@code queue} (which an engine declares, {@code
   * DurableEngine.Builder.queue}), and holds back, taking no message, while {@code maxWaiting} or
   * more of its runs wait for admission ({@code RunState.ENQUEUED}), across all engines. How a
   * broker's trigger holds back is on its class.
   */
  public B queue(String queue, int maxWaiting) {
    this.queue = TriggerChecks.text(queue, "queue");
    this.maxWaiting = TriggerChecks.atLeastOne(maxWaiting, "maxWaiting");
    return self();
  }

  /**
   * The partition key of each message's run within its queue (the broker's trigger class has
   * functions for headers and the like); null: none. Needs a {@link #queue}.
   */
  public B partitionKey(Function<M, String> partitionKey) {
    this.partitionKey = Objects.requireNonNull(partitionKey, "partitionKey");
    return self();
  }

  /**
   * Sends poison messages (not decodable, input the workflow refuses) to {@code destination}, a
   * subject, queue or topic as the broker's builder says, with their reason in the header {@code
   * Durable-Dead-Letter-Reason}; the original is let go only once the broker has the copy.
   */
  public B deadLetter(String destination) {
    return deadLetterTo(TriggerChecks.text(destination, "deadLetter"));
  }

  /** As {@link #deadLetter(String)}, for a destination the broker's builder checked itself. */
  protected final B deadLetterTo(String destination) {
    this.deadLetter = Objects.requireNonNull(destination, "deadLetter");
    return self();
  }

  /** Logs poison messages with their reason and lets them go, published nowhere. */
  public B setAside() {
    this.setAside = true;
    return self();
  }

  /** How long a message whose start failed (the store away, say) waits; 5 s by default. */
  public B retryDelay(Duration retryDelay) {
    this.retryDelay = TriggerChecks.positive(retryDelay, "retryDelay");
    return self();
  }

  /**
   * How many deliveries of a message whose start keeps failing (not for an outage of the store)
   * before it is dead-lettered; 5 by default.
   */
  public B maxDeliveries(int maxDeliveries) {
    this.maxDeliveries = TriggerChecks.atLeastOne(maxDeliveries, "maxDeliveries");
    return self();
  }

  /** How often a trigger held back by its queue's bound reads the depth again; 500 ms. */
  public B pausePoll(Duration pausePoll) {
    this.pausePoll = TriggerChecks.positive(pausePoll, "pausePoll");
    return self();
  }

  /**
   * The call that sets the dead-letter destination, as a message names it: {@code
   * deadLetter("orders.dead")}.
   */
  protected String deadLetterCall() {
    return "deadLetter(\"" + deadLetter + "\")";
  }

  /**
   * Fails if {@code value} is missing, naming {@code call}, the call that sets it.
   *
   * @throws IllegalStateException {@code a NatsTrigger needs stream("ORDERS") before build()}
   */
  protected final void require(Object value, String call) {
    if (value == null) {
      throw new IllegalStateException("a " + triggerClass + " needs " + call + " before build()");
    }
  }

  /**
   * The settings, checked together: a decoder, a starter, one choice for poison messages, and a
   * queue for a partition key. A broker's {@code build()} calls it once its own required settings
   * are there.
   *
   * @param described what the trigger consumes, as messages name it ({@code ORDERS/intake}); its
   *     name unless {@link #name} set another
   * @throws IllegalStateException naming what is missing or does not fit
   */
  protected final TriggerSettings<M, T> settings(String described) {
    require(decoder, "decode(MessageDecoder.json(Order.class))");
    require(starter, "start((start, order) -> OrderClient.of(start.engine())"
        + ".start(start.options(), order))");
    if (deadLetter == null && !setAside) {
      throw new IllegalStateException("trigger " + described + " needs a choice for "
          + poisonChoice);
    }
    if (deadLetter != null && setAside) {
      throw new IllegalStateException("trigger " + described + " has both " + deadLetterCall()
          + " and setAside(); choose one");
    }
    if (partitionKey != null && queue == null) {
      throw new IllegalStateException("a partitionKey needs a queue: its limits are the"
          + " queue's; set queue(name, maxWaiting) too, or drop the key");
    }
    return new TriggerSettings<>(name != null ? name : described, decoder, starter, queue,
        maxWaiting, partitionKey, deadLetter, retryDelay, maxDeliveries, pausePoll);
  }
}
