package dev.durable.rabbitmq;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.DefaultConsumer;
import com.rabbitmq.client.Delivery;
import com.rabbitmq.client.Envelope;
import dev.durable.rabbitmq.Deliveries.Verdict;
import dev.durable.runtime.trigger.StartOutcome;
import dev.durable.runtime.trigger.TriggerContext;
import dev.durable.runtime.trigger.TriggerCounters;
import dev.durable.runtime.trigger.TriggerLoop;
import dev.durable.runtime.trigger.TriggerSettings;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A trigger's consuming thread. The broker pushes up to {@code prefetch} unacknowledged messages
 * into an inbox (its consumer callback does nothing else); this thread takes them one at a time,
 * in order, has {@link Deliveries} decide what becomes of each, and acknowledges, dead-letters or
 * hands it back on the channel it came on. Only this thread uses the consuming channel.
 *
 * <p>Back-pressure: with a queue, the thread reads the queue's depth and takes at most the room
 * left below the bound before it reads again; at the bound it closes the consuming channel, so
 * the consumer is cancelled and every message in hand goes back to RabbitMQ, unprocessed, and
 * opens a new one once the queue drained. Closing the channel rather than cancelling alone hands
 * back, in one step, messages the broker had already pushed.
 *
 * <p>Hand-backs: a message whose start failed is held for the retry delay, then rejected with
 * requeue, so that RabbitMQ delivers it again (to this engine or another); the messages behind it
 * go on meanwhile. When the store is away the thread also takes no message until the delay has
 * passed: the next start would find it away too.
 */
final class ConsumeLoop<T> implements Runnable, TriggerLoop.Running {
  private static final Logger LOG = LoggerFactory.getLogger(ConsumeLoop.class);
  /** How long {@link #stop} waits for the message in hand. */
  private static final Duration STOP_GRACE = Duration.ofSeconds(10);
  /** What {@link #stop} puts in the inbox to wake the thread. */
  private static final Received WAKE = new Received(null, null);

  private final RabbitTriggerSettings<T> settings;
  private final TriggerSettings<Delivery, T> common;
  private final TriggerContext context;
  private final TriggerCounters counters;
  private final Connection connection;
  private final Deliveries<T> deliveries;
  /** Where poison messages go; null: they are set aside. */
  private final DeadLetters deadLetters;
  private final LagProbe lag;
  private final BlockingQueue<Received> inbox = new LinkedBlockingQueue<>();
  /** Messages handed back once their delay has passed, in the order they are due. */
  private final ArrayDeque<Held> held = new ArrayDeque<>();
  /** What a waiting thread waits on; {@link #stop} wakes it. */
  private final Object wake = new Object();
  private volatile boolean running = true;
  private Thread thread;

  // The consuming thread's own state.
  /** The consuming channel, with its consumer; null while paused or before the first round. */
  private Channel channel;
  private Inbound consumer;
  /** Messages that may be taken before the queue's depth is read again; 0: read it. */
  private long room;
  /** Until when (nanoTime) the store is thought away: no message is taken before. */
  private long storeAwayUntil;
  private boolean storeAway;

  /** A message as the broker pushed it, with the channel it must be acknowledged on. */
  private record Received(Channel channel, Delivery delivery) {}

  /** A message to reject with requeue at {@code dueAt} (nanoTime). */
  private record Held(Received received, long dueAt) {}

  private ConsumeLoop(RabbitTriggerSettings<T> settings, TriggerContext context,
      TriggerCounters counters, Connection connection) {
    this.settings = settings;
    this.common = settings.common();
    this.context = context;
    this.counters = counters;
    this.connection = connection;
    this.deliveries = new Deliveries<>(settings, context.engine());
    this.deadLetters = settings.deadLetter() == null ? null
        : new DeadLetters(common.name(), settings.rabbitQueue(), settings.deadLetter(),
            connection);
    this.lag = new LagProbe(settings, connection, counters);
  }

  /**
   * Connects, checks that the queue (and the dead-letter destination) exist, and starts the loop
   * on a thread of its own, which starts consuming.
   *
   * @throws IllegalStateException if the connection fails, or the broker lacks the queue or the
   *     dead-letter destination; the message says which and what to do
   */
  static <T> ConsumeLoop<T> start(RabbitTriggerSettings<T> settings, TriggerContext context,
      TriggerCounters counters) {
    Connection connection = settings.broker().connect(settings.common().name());
    ConsumeLoop<T> loop = new ConsumeLoop<>(settings, context, counters, connection);
    try {
      loop.lag.requireQueue();
      if (settings.deadLetter() != null) {
        loop.lag.requireDeadLetter(settings.deadLetter());
      }
    } catch (RuntimeException e) {
      loop.lag.close();
      settings.broker().release(connection);
      throw e;
    }
    loop.thread = new Thread(loop, "durable-trigger-" + settings.common().name());
    loop.thread.setDaemon(true);
    loop.thread.start();
    return loop;
  }

  @Override
  public void run() {
    try {
      while (running) {
        try {
          round();
        } catch (IOException | RuntimeException e) {
          // the store or the broker is away, or the channel failed: say so, start over on a new
          // channel (the broker requeued what the old one held), wait, and try again
          LOG.warn("trigger {} could not take messages from queue {}: {}; trying again in {}",
              common.name(), settings.rabbitQueue(), e.toString(), common.retryDelay());
          closeChannel();
          pause(common.retryDelay());
        }
      }
    } finally {
      closeChannel(); // the messages not acknowledged go back to the queue, for another consumer
      if (deadLetters != null) {
        deadLetters.close();
      }
      lag.close();
      settings.broker().release(connection);
    }
  }

  /** One message taken, or one look at a full queue, or one wait. */
  private void round() throws IOException {
    handBackDue();
    lag.ask();
    if (channel != null && (consumer.cancelledByBroker
        || Channels.closedForGood(channel, connection))) {
      throw new IOException("the broker " + (consumer.cancelledByBroker ? "cancelled the"
          + " consumer (was the queue deleted?)" : "closed the channel: "
          + channel.getCloseReason()));
    }
    if (atBound()) {
      counters.paused(true);
      pause(common.pausePoll());
      return;
    }
    if (channel == null) {
      openChannel();
    }
    counters.paused(false);
    long storeAwayFor = storeAwayUntil - System.nanoTime();
    if (storeAway && storeAwayFor > 0) {
      pause(Duration.ofNanos(storeAwayFor));
      return;
    }
    storeAway = false;
    Received received;
    try {
      received = inbox.poll(pollWait(), TimeUnit.NANOSECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      running = false;
      return;
    }
    if (received == null || received == WAKE) {
      room = 0; // idle: read the depth again before the next message, others may have filled it
      return;
    }
    if (received.channel() != channel) {
      return; // from a channel closed since: the broker has requeued it already
    }
    handle(received);
    room--;
  }

  /**
   * Whether the queue the trigger feeds is at its bound; reads its depth once the room left from
   * the last read is used up, and at the bound closes the consuming channel (messages in hand go
   * back to RabbitMQ unprocessed; the broker sends no more).
   */
  private boolean atBound() {
    if (common.queue() == null || room > 0) {
      return false;
    }
    long depth = context.queueDepth(common.queue());
    room = common.maxWaiting() - depth;
    if (room > 0) {
      return false;
    }
    if (channel != null) {
      LOG.debug("trigger {} holds back: queue {} holds {} waiting runs", common.name(),
          common.queue(), depth);
      closeChannel();
    }
    return true;
  }

  /** How long to wait for a message: until the next hand-back is due, at most a pause poll. */
  private long pollWait() {
    long wait = common.pausePoll().toNanos();
    Held next = held.peek();
    if (next != null) {
      wait = Math.min(wait, Math.max(0, next.dueAt() - System.nanoTime()));
    }
    return wait;
  }

  private void handle(Received received) {
    counters.consumed();
    Verdict verdict = deliveries.decide(received.delivery());
    switch (verdict.kind()) {
      case STARTED, DUPLICATE -> {
        ack(received);
        counters.outcome(verdict.kind());
      }
      case REJECTED -> reject(received, verdict);
      case UNAVAILABLE -> {
        storeAway = true;
        storeAwayUntil = System.nanoTime() + common.retryDelay().toNanos();
        handBackLater(received, verdict);
      }
      case FAILED -> handBackLater(received, verdict);
    }
  }

  /** Dead-letters a message that can never start a run, or sets it aside; then acknowledges it. */
  private void reject(Received received, Verdict verdict) {
    Envelope envelope = received.delivery().getEnvelope();
    String runId = verdict.runId().orElse(null);
    if (deadLetters == null) {
      LOG.warn("trigger {} set aside a message of queue {} (routing key {}, run {}), which cannot"
              + " start a run: {}", common.name(), settings.rabbitQueue(),
          envelope.getRoutingKey(), runId, verdict.reason());
      try {
        // rejected without requeue: to the queue's own dead-letter exchange, if it has one
        received.channel().basicReject(envelope.getDeliveryTag(), false);
      } catch (IOException | RuntimeException e) {
        LOG.debug("trigger {}: rejecting failed ({}); the message comes again", common.name(),
            e.toString());
      }
      counters.outcome(StartOutcome.Kind.REJECTED);
      return;
    }
    if (deadLetters.send(received.delivery(), runId, verdict.reason())) {
      ack(received);
      counters.outcome(StartOutcome.Kind.REJECTED);
      LOG.warn("trigger {} sent a message of queue {} (routing key {}, run {}) to dead-letter {}:"
              + " {}", common.name(), settings.rabbitQueue(), envelope.getRoutingKey(), runId,
          settings.deadLetter(), verdict.reason());
    } else {
      // not acknowledged: it comes again once the dead-letter destination takes it
      handBackLater(received, new Verdict(StartOutcome.Kind.FAILED, verdict.runId(),
          "cannot dead-letter it: " + verdict.reason()));
    }
  }

  /** Holds a message for the retry delay, then hands it back ({@link #handBackDue}). */
  private void handBackLater(Received received, Verdict verdict) {
    LOG.warn("trigger {} could not start run {} (a message of queue {}{}): {}; it comes again in"
            + " {}", common.name(), verdict.runId().orElse("?"), settings.rabbitQueue(),
        received.delivery().getEnvelope().isRedeliver() ? ", delivered before" : "",
        verdict.reason(), common.retryDelay());
    held.add(new Held(received, System.nanoTime() + common.retryDelay().toNanos()));
    counters.outcome(verdict.kind());
  }

  /** Rejects with requeue the held messages whose delay passed: RabbitMQ delivers them again. */
  private void handBackDue() {
    long now = System.nanoTime();
    while (!held.isEmpty() && held.peek().dueAt() - now <= 0) {
      Received received = held.poll().received();
      if (received.channel() != channel) {
        continue; // its channel was closed: the broker requeued it then
      }
      try {
        received.channel().basicReject(received.delivery().getEnvelope().getDeliveryTag(), true);
      } catch (IOException | RuntimeException e) {
        LOG.debug("trigger {}: handing a message back failed ({}); the broker requeues it when"
            + " the channel closes", common.name(), e.toString());
      }
    }
  }

  private void ack(Received received) {
    try {
      received.channel().basicAck(received.delivery().getEnvelope().getDeliveryTag(), false);
    } catch (IOException | RuntimeException e) {
      // the run is stored: the message comes again, finds it, and is acknowledged as a duplicate
      LOG.debug("trigger {}: acknowledging failed ({}); the message comes again as a duplicate",
          common.name(), e.toString());
    }
  }

  /** Opens the consuming channel and starts the consumer, which fills the inbox. */
  private void openChannel() throws IOException {
    Channel opened = connection.createChannel();
    try {
      opened.basicQos(settings.prefetch());
      Inbound inbound = new Inbound(opened);
      opened.basicConsume(settings.rabbitQueue(), false, inbound);
      consumer = inbound;
      channel = opened;
    } catch (IOException | RuntimeException e) {
      Channels.close(opened);
      throw e;
    }
  }

  /**
   * Closes the consuming channel: the consumer is cancelled, and RabbitMQ requeues every message
   * it held unacknowledged (those in the inbox and those held for a hand-back).
   */
  private void closeChannel() {
    Channels.close(channel);
    channel = null;
    consumer = null;
    inbox.clear();
    held.clear();
  }

  private void pause(Duration duration) {
    synchronized (wake) {
      if (running) {
        try {
          wake.wait(Math.max(1, duration.toMillis()));
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          running = false;
        }
      }
    }
  }

  /** Stops the loop and waits for the message in hand to finish; the rest go back to RabbitMQ. */
  @Override
  public void stop() {
    synchronized (wake) {
      running = false;
      wake.notifyAll();
    }
    inbox.add(WAKE);
    if (Thread.currentThread() == thread) {
      return;
    }
    try {
      thread.join(STOP_GRACE.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (thread.isAlive()) {
      LOG.warn("trigger {} did not stop within {}; the message it holds goes back to the queue"
          + " when its channel closes", common.name(), STOP_GRACE);
    }
  }

  /** The consumer: puts each message pushed into the inbox, and notes a cancel by the broker. */
  private final class Inbound extends DefaultConsumer {
    private volatile boolean cancelledByBroker;

    Inbound(Channel channel) {
      super(channel);
    }

    @Override
    public void handleDelivery(String consumerTag, Envelope envelope,
        AMQP.BasicProperties properties, byte[] body) {
      inbox.add(new Received(getChannel(), new Delivery(envelope, properties, body)));
    }

    @Override
    public void handleCancel(String consumerTag) {
      cancelledByBroker = true;
      inbox.add(WAKE);
    }
  }
}
