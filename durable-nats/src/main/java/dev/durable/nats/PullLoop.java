package dev.durable.nats;

import dev.durable.runtime.trigger.TriggerContext;
import dev.durable.runtime.trigger.TriggerCounters;
import dev.durable.runtime.trigger.TriggerLoop;
import dev.durable.runtime.trigger.TriggerSettings;
import io.nats.client.JetStream;
import io.nats.client.JetStreamApiException;
import io.nats.client.JetStreamManagement;
import io.nats.client.JetStreamSubscription;
import io.nats.client.Message;
import io.nats.client.PullSubscribeOptions;
import io.nats.client.api.AckPolicy;
import io.nats.client.api.ConsumerConfiguration;
import io.nats.client.api.DeliverPolicy;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A trigger's consuming thread: reads the depth of the queue it feeds, fetches at most the room
 * left below its bound (nothing while it is at the bound), and hands each message to {@link
 * Deliveries}, one at a time, in the order fetched.
 */
final class PullLoop<T> implements Runnable, TriggerLoop.Running {
  private static final Logger LOG = LoggerFactory.getLogger(PullLoop.class);
  /** How long {@link #stop} waits for the message in hand beyond a fetch's wait. */
  private static final Duration STOP_GRACE = Duration.ofSeconds(10);
  /** The JetStream API's error code for a stream that does not exist. */
  private static final int STREAM_NOT_FOUND = 10059;

  private final NatsTriggerSettings<T> settings;
  private final TriggerSettings<Message, T> common;
  private final TriggerContext context;
  private final TriggerCounters counters;
  private final JetStreamSubscription subscription;
  private final Deliveries<T> deliveries;
  /** What a paused loop waits on; {@link #stop} wakes it. */
  private final Object wake = new Object();
  private volatile boolean running = true;
  private Thread thread;
  /** When the broker's count of pending messages was last asked for (nanoTime). */
  private long lagAskedAt;

  private PullLoop(NatsTriggerSettings<T> settings, TriggerContext context,
      TriggerCounters counters, JetStream jetStream, JetStreamSubscription subscription) {
    this.settings = settings;
    this.context = context;
    this.counters = counters;
    this.subscription = subscription;
    this.common = settings.common();
    this.deliveries = new Deliveries<>(settings, context.engine(), counters, new DeadLetters(
        common.name(), common.deadLetter(), jetStream, counters, common.retryDelay()));
  }

  /**
   * Makes or updates the durable consumer, binds a pull subscription to it and starts the loop
   * on a thread of its own.
   */
  static <T> PullLoop<T> start(NatsTriggerSettings<T> settings, TriggerContext context,
      TriggerCounters counters) {
    JetStream jetStream;
    JetStreamSubscription subscription;
    try {
      JetStreamManagement management = settings.connection().jetStreamManagement();
      requireStream(management, settings);
      ConsumerConfiguration.Builder consumer = ConsumerConfiguration.builder()
          .durable(settings.consumer())
          .ackPolicy(AckPolicy.Explicit) // acknowledged once the run is stored, not on delivery
          .ackWait(settings.ackWait())
          .deliverPolicy(DeliverPolicy.All);
      if (settings.subject() != null) {
        consumer.filterSubject(settings.subject());
      }
      management.addOrUpdateConsumer(settings.stream(), consumer.build());
      jetStream = settings.connection().jetStream();
      subscription = jetStream.subscribe(settings.subject(),
          PullSubscribeOptions.bind(settings.stream(), settings.consumer()));
    } catch (IOException | JetStreamApiException e) {
      throw new IllegalStateException("trigger " + settings.common().name() + " could not make"
          + " or bind consumer " + settings.consumer() + " of stream " + settings.stream() + ": "
          + e.getMessage() + "; a consumer made before with another subject or settings must be"
          + " deleted first (nats consumer rm " + settings.stream() + " " + settings.consumer()
          + ")", e);
    }
    PullLoop<T> loop = new PullLoop<>(settings, context, counters, jetStream, subscription);
    loop.thread = new Thread(loop, "durable-trigger-" + settings.common().name());
    loop.thread.setDaemon(true);
    loop.thread.start();
    return loop;
  }

  private static void requireStream(JetStreamManagement management,
      NatsTriggerSettings<?> settings) throws IOException, JetStreamApiException {
    try {
      management.getStreamInfo(settings.stream());
    } catch (JetStreamApiException e) {
      if (e.getApiErrorCode() == STREAM_NOT_FOUND) {
        throw new IllegalStateException("trigger " + settings.common().name()
            + " consumes stream " + settings.stream() + ", which the NATS server does not have;"
            + " create it (nats stream add " + settings.stream() + " --subjects '"
            + (settings.subject() != null ? settings.subject() : "<subjects>") + "') or name the"
            + " stream that holds the subject", e);
      }
      throw e;
    }
  }

  @Override
  public void run() {
    try {
      while (running) {
        try {
          round();
        } catch (RuntimeException e) {
          // the store or the server is away: say so, wait, and try again
          LOG.warn("trigger {} could not take messages: {}; trying again in {}",
              common.name(), e.toString(), common.retryDelay());
          pause(common.retryDelay());
        }
      }
    } finally {
      try {
        subscription.unsubscribe(); // the durable consumer stays, with what was not taken
      } catch (RuntimeException e) {
        LOG.debug("trigger {}: unsubscribing failed: {}", common.name(), e.toString());
      }
    }
  }

  /** One fetch, or one look at a full queue. */
  private void round() {
    int room = settings.batchSize();
    if (common.queue() != null) {
      long depth = context.queueDepth(common.queue());
      if (depth >= common.maxWaiting()) {
        counters.paused(true);
        askLag();
        pause(common.pausePoll());
        return;
      }
      counters.paused(false);
      room = (int) Math.min(room, common.maxWaiting() - depth);
    }
    List<Message> batch = subscription.fetch(room, settings.fetchWait());
    for (int i = 0; i < batch.size(); i++) {
      if (!running) { // stopping: the rest of the batch goes back at once, for another engine
        batch.subList(i, batch.size()).forEach(Message::nak);
        return;
      }
      deliveries.handle(batch.get(i));
    }
    if (batch.isEmpty()) {
      askLag();
    } else {
      counters.lag(batch.get(batch.size() - 1).metaData().pendingCount());
    }
  }

  /** Asks the server how many messages wait for the consumer, at most once per pause poll. */
  private void askLag() {
    long now = System.nanoTime();
    if (lagAskedAt != 0 && now - lagAskedAt < common.pausePoll().toNanos()) {
      return;
    }
    lagAskedAt = now;
    try {
      counters.lag(subscription.getConsumerInfo().getNumPending());
    } catch (IOException | JetStreamApiException e) {
      LOG.debug("trigger {}: could not read the consumer's pending count: {}", common.name(),
          e.toString());
    }
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

  /** Stops the loop and waits for the message in hand (and a fetch under way) to finish. */
  @Override
  public void stop() {
    synchronized (wake) {
      running = false;
      wake.notifyAll();
    }
    if (Thread.currentThread() == thread) {
      return;
    }
    try {
      thread.join(settings.fetchWait().plus(STOP_GRACE).toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (thread.isAlive()) {
      LOG.warn("trigger {} did not stop within {}; the message it holds is delivered again when"
          + " its ack wait ends", common.name(), settings.fetchWait().plus(STOP_GRACE));
    }
  }
}
