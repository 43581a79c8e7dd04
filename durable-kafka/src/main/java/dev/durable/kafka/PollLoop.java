package dev.durable.kafka;

import dev.durable.runtime.trigger.TriggerContext;
import dev.durable.runtime.trigger.TriggerCounters;
import dev.durable.runtime.trigger.TriggerLoop;
import dev.durable.runtime.trigger.TriggerSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.CommitFailedException;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A trigger's polling thread, the one owner of its {@link KafkaConsumer}. Each round: read the
 * depth of the queue it feeds (every partition paused while it is at its bound), poll, hand the
 * records to {@link Deliveries} one at a time in offset order within each partition, and commit
 * the offsets of those that passed. A partition is sought back to its first record that did not
 * pass, so that nothing is skipped and nothing is committed past a record whose run is not stored;
 * one whose record is to be taken again is paused for the retry delay, while the others go on.
 */
final class PollLoop<T>
    implements Runnable, TriggerLoop.Running, ConsumerRebalanceListener {
  private static final Logger LOG = LoggerFactory.getLogger(PollLoop.class);
  /** How long {@link #stop} waits for the record in hand beyond a poll's wait. */
  private static final Duration STOP_GRACE = Duration.ofSeconds(10);
  /** How long closing the consumer may take to leave the group. */
  private static final Duration CLOSE_WAIT = Duration.ofSeconds(5);

  private final KafkaTriggerSettings<T> settings;
  private final TriggerSettings<ConsumerRecord<byte[], byte[]>, T> common;
  private final TriggerContext context;
  private final TriggerCounters counters;
  private final Consumer<byte[], byte[]> consumer;
  private final DeadLetters deadLetters;
  private final Deliveries<T> deliveries;
  /** Offsets of records that passed, not committed yet; the polling thread's only. */
  private final Map<TopicPartition, OffsetAndMetadata> pending = new HashMap<>();
  /**
   * Partitions paused until their record to be taken again may be (nanoTime), by partition; they
   * stay paused whatever else resumes. The polling thread's only.
   */
  private final Map<TopicPartition, Long> retryAt = new HashMap<>();
  private volatile boolean running = true;
  /** Whether every partition is paused now (by the queue's bound, or after a failed round). */
  private boolean holding;
  /** Whether the queue's bound holds the trigger back now. */
  private boolean backPressured;
  /** When the broker's end offsets were last asked for (nanoTime). */
  private long lagAskedAt;
  private Thread thread;

  private PollLoop(KafkaTriggerSettings<T> settings, TriggerContext context,
      TriggerCounters counters, Consumer<byte[], byte[]> consumer, DeadLetters deadLetters) {
    this.settings = settings;
    this.common = settings.common();
    this.context = context;
    this.counters = counters;
    this.consumer = consumer;
    this.deadLetters = deadLetters;
    this.deliveries = new Deliveries<>(settings, context.engine(), counters, deadLetters);
  }

  /**
   * Makes the consumer (and the dead letters' producer), checks that the topics exist, and starts
   * the loop on a thread of its own, which subscribes.
   */
  static <T> PollLoop<T> start(KafkaTriggerSettings<T> settings, TriggerContext context,
      TriggerCounters counters) {
    Consumer<byte[], byte[]> consumer;
    try {
      consumer = new KafkaConsumer<>(settings.consumer());
    } catch (KafkaException e) {
      throw refused(settings, "consumer", e);
    }
    Producer<byte[], byte[]> producer = null;
    try {
      requireTopics(consumer, settings);
      if (settings.common().deadLetter() != null) {
        try {
          producer = new KafkaProducer<>(settings.producer());
        } catch (KafkaException e) {
          throw refused(settings, "dead letters' producer", e);
        }
      }
    } catch (RuntimeException e) {
      consumer.close(CloseOptions.timeout(Duration.ZERO));
      throw e;
    }
    PollLoop<T> loop = new PollLoop<>(settings, context, counters, consumer,
        new DeadLetters(settings.common().name(), settings.common().deadLetter(), producer));
    // the consumer passes to the polling thread here, and no other thread touches it again
    loop.thread = new Thread(loop, "durable-trigger-" + settings.common().name());
    loop.thread.setDaemon(true);
    loop.thread.start();
    return loop;
  }

  /**
   * The client refused its settings: Kafka says why in the innermost cause ("Failed to construct
   * kafka consumer" alone says nothing).
   */
  private static IllegalStateException refused(KafkaTriggerSettings<?> settings, String client,
      KafkaException e) {
    Throwable cause = e;
    while (cause.getCause() != null) {
      cause = cause.getCause();
    }
    return new IllegalStateException("trigger " + settings.common().name() + " could not make its "
        + client + ": " + cause.getMessage() + "; check the properties given to"
        + " KafkaTrigger.builder(...) and property(...)", e);
  }

  private static void requireTopics(Consumer<byte[], byte[]> consumer,
      KafkaTriggerSettings<?> settings) {
    Map<String, List<PartitionInfo>> existing;
    try {
      existing = consumer.listTopics(settings.startTimeout());
    } catch (KafkaException e) {
      throw new IllegalStateException("trigger " + settings.common().name() + " could not list the"
          + " topics of the Kafka cluster at " + settings.consumer().get("bootstrap.servers")
          + " within " + settings.startTimeout() + " (" + e + "); check that the brokers are up"
          + " and reachable, or give startTimeout(...) more time", e);
    }
    List<String> needed = new ArrayList<>(settings.topics());
    if (settings.common().deadLetter() != null) {
      needed.add(settings.common().deadLetter());
    }
    for (String topic : needed) {
      if (!existing.containsKey(topic)) {
        throw new IllegalStateException("trigger " + settings.common().name() + " needs topic "
            + topic
            + (topic.equals(settings.common().deadLetter()) ? " (its dead-letter topic)" : "")
            + ", which the Kafka cluster does not have; create it (kafka-topics.sh --create"
            + " --topic " + topic + " --bootstrap-server ...) or name a topic that exists");
      }
    }
  }

  @Override
  public void run() {
    try {
      consumer.subscribe(settings.topics(), this);
      while (running) {
        try {
          round();
        } catch (WakeupException e) {
          // stop() woke a poll or a commit up: the loop ends, and what passed is committed below
        } catch (RuntimeException e) {
          // the store or the brokers are away: say so, wait, and try again
          LOG.warn("trigger {} could not take records: {}; trying again in {}", common.name(),
              e.toString(), common.retryDelay());
          rest();
        }
      }
    } catch (RuntimeException | Error e) {
      // an Error from the user's starter, say: the records not committed come again
      LOG.error("trigger {} stopped taking records; restart the engine to start it again",
          common.name(), e);
      throw e;
    } finally {
      finish();
    }
  }

  /** Waits the retry delay after a failed round: still polling, or, if polling fails, idle. */
  private void rest() {
    try {
      hold(common.retryDelay());
    } catch (WakeupException e) {
      // stop() woke it up: the loop ends
    } catch (RuntimeException e) {
      LOG.debug("trigger {}: polling while waiting failed too: {}", common.name(),
          e.toString());
      try {
        Thread.sleep(common.retryDelay().toMillis());
      } catch (InterruptedException interrupted) {
        Thread.currentThread().interrupt();
        running = false;
      }
    }
  }

  /** Commits what passed and leaves the group; the rest goes to the next consumer. */
  private void finish() {
    for (int attempt = 0; attempt < 2 && !pending.isEmpty(); attempt++) {
      try {
        commitPending();
      } catch (WakeupException e) {
        // a wake-up that came after the last poll: it is spent now, commit again
      } catch (RuntimeException e) {
        LOG.warn("trigger {} could not commit its last offsets ({}); their records come again,"
            + " as duplicates", common.name(), e.toString());
        break;
      }
    }
    try {
      consumer.close(CloseOptions.timeout(CLOSE_WAIT));
    } catch (RuntimeException e) {
      LOG.debug("trigger {}: closing the consumer failed: {}", common.name(), e.toString());
    }
    deadLetters.close();
  }

  /** One poll, or one look at a full queue. */
  private void round() {
    commitPending(); // left over from a round whose commit failed
    int room = settings.batchSize();
    if (common.queue() != null) {
      long depth = context.queueDepth(common.queue());
      if (depth >= common.maxWaiting()) {
        backPressured = true;
        counters.paused(true);
        hold(common.pausePoll());
        askLag();
        return;
      }
      if (backPressured) { // the queue drained: fetch again
        backPressured = false;
        resumeAll();
        counters.paused(false);
      }
      room = (int) Math.min(room, common.maxWaiting() - depth);
    }
    ConsumerRecords<byte[], byte[]> records = consumer.poll(untilRetry());
    handle(records, room);
    commitPending();
    if (records.isEmpty()) {
      askLag();
    } else {
      lagFromFetches();
    }
  }

  /**
   * Resumes the partitions whose retry delay is over, and says how long the next poll may wait:
   * the fetch wait, or less if a partition's retry comes sooner.
   */
  private Duration untilRetry() {
    long now = System.nanoTime();
    long wait = settings.fetchWait().toNanos();
    List<TopicPartition> due = new ArrayList<>();
    for (Map.Entry<TopicPartition, Long> retry : retryAt.entrySet()) {
      long left = retry.getValue() - now;
      if (left <= 0) {
        due.add(retry.getKey());
      } else {
        wait = Math.min(wait, left);
      }
    }
    due.forEach(retryAt::remove);
    consumer.resume(due);
    return Duration.ofNanos(Math.max(wait, 1_000_000));
  }

  /** Resumes every paused partition but those waiting for a retry. */
  private void resumeAll() {
    Set<TopicPartition> paused = new HashSet<>(consumer.paused());
    paused.removeAll(retryAt.keySet());
    consumer.resume(paused);
  }

  /**
   * Hands the records to {@link Deliveries} in order, at most {@code room} of them, until the loop
   * stops. A partition whose record is to be taken again stops there and is paused for the retry
   * delay; the others go on. Then each partition is sought back to its first record that did not
   * pass, whatever ended the batch (an exception too), so that its next poll starts there.
   */
  private void handle(ConsumerRecords<byte[], byte[]> records, int room) {
    // each partition's first record not passed yet; its next poll must start there
    Map<TopicPartition, Long> next = new HashMap<>();
    records.partitions().forEach(partition ->
        next.put(partition, records.records(partition).get(0).offset()));
    int handled = 0;
    try {
      for (TopicPartition partition : records.partitions()) {
        for (ConsumerRecord<byte[], byte[]> record : records.records(partition)) {
          if (handled >= room || !running) {
            break;
          }
          if (deliveries.handle(record) == Deliveries.Verdict.RETRY) {
            consumer.pause(List.of(partition));
            retryAt.put(partition, System.nanoTime() + common.retryDelay().toNanos());
            break;
          }
          handled++;
          pending.put(partition, new OffsetAndMetadata(record.offset() + 1));
          next.put(partition, record.offset() + 1);
        }
      }
    } finally {
      next.forEach((partition, offset) -> {
        List<ConsumerRecord<byte[], byte[]>> batch = records.records(partition);
        if (offset <= batch.get(batch.size() - 1).offset()) {
          consumer.seek(partition, offset);
        }
      });
    }
  }

  /**
   * Commits the offsets of the records that passed. A commit refused because the group moved
   * the partitions on drops them: their records come to the new owner as duplicates.
   */
  private void commitPending() {
    if (pending.isEmpty()) {
      return;
    }
    try {
      consumer.commitSync(pending);
      pending.clear();
    } catch (CommitFailedException e) {
      LOG.warn("trigger {} could not commit offsets {}: the group gave the partitions to another"
          + " member; their records come again there, as duplicates", common.name(), pending);
      pending.clear();
    }
  }

  /**
   * Waits {@code duration} without taking records, still polling (with every partition paused)
   * so that the consumer stays in the group; a poll returns no records of a paused partition, but
   * one assigned in a rebalance meanwhile may deliver: those are sought back to.
   */
  private void hold(Duration duration) {
    if (!running) {
      return;
    }
    holding = true;
    consumer.pause(consumer.assignment());
    try {
      ConsumerRecords<byte[], byte[]> records = consumer.poll(duration);
      for (TopicPartition partition : records.partitions()) {
        consumer.seek(partition, records.records(partition).get(0).offset());
      }
    } finally {
      holding = false;
      if (!backPressured) {
        resumeAll();
      }
    }
  }

  /** The lag the consumer knows from its last fetches: end offset less position, summed. */
  private void lagFromFetches() {
    long total = 0;
    for (TopicPartition partition : consumer.assignment()) {
      OptionalLong lag = consumer.currentLag(partition);
      if (lag.isEmpty()) {
        askLag();
        return;
      }
      total += lag.getAsLong();
    }
    counters.lag(total);
  }

  /**
   * Asks the brokers for the partitions' end offsets, at most once per pause poll, while the
   * consumer fetches nothing that would tell it: the lag is the end offsets less the positions.
   */
  private void askLag() {
    Set<TopicPartition> assignment = consumer.assignment();
    long now = System.nanoTime();
    if (assignment.isEmpty()
        || lagAskedAt != 0 && now - lagAskedAt < common.pausePoll().toNanos()) {
      return;
    }
    lagAskedAt = now;
    try {
      Map<TopicPartition, Long> ends = consumer.endOffsets(assignment, settings.fetchWait());
      long total = 0;
      for (Map.Entry<TopicPartition, Long> end : ends.entrySet()) {
        total += Math.max(0, end.getValue() - consumer.position(end.getKey(),
            settings.fetchWait()));
      }
      counters.lag(total);
    } catch (WakeupException e) {
      throw e;
    } catch (KafkaException e) {
      LOG.debug("trigger {}: could not read the partitions' end offsets: {}", common.name(),
          e.toString());
    }
  }

  /** Before a rebalance takes partitions away: commit what passed, so the next owner goes on. */
  @Override
  public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
    Map<TopicPartition, OffsetAndMetadata> done = new HashMap<>();
    for (TopicPartition partition : partitions) {
      OffsetAndMetadata offset = pending.remove(partition);
      if (offset != null) {
        done.put(partition, offset);
      }
    }
    if (!done.isEmpty()) {
      try {
        consumer.commitSync(done);
      } catch (RuntimeException e) {
        LOG.warn("trigger {} could not commit offsets {} of partitions taken away ({}); their"
            + " records come again there, as duplicates", common.name(), done, e.toString());
      }
    }
    deliveries.forget(partitions);
    partitions.forEach(retryAt::remove);
  }

  /** Partitions lost without a rebalance (the group expelled this member): nothing to commit. */
  @Override
  public void onPartitionsLost(Collection<TopicPartition> partitions) {
    partitions.forEach(pending::remove);
    deliveries.forget(partitions);
    partitions.forEach(retryAt::remove);
  }

  /** New partitions come unpaused: pause them too while the trigger holds back. */
  @Override
  public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
    if (holding || backPressured) {
      consumer.pause(partitions);
    }
  }

  /** Stops the loop and waits for the record in hand (and a poll under way) to finish. */
  @Override
  public void stop() {
    running = false;
    consumer.wakeup(); // the one consumer method that is safe from another thread
    if (Thread.currentThread() == thread) {
      return;
    }
    try {
      thread.join(settings.fetchWait().plus(STOP_GRACE).toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (thread.isAlive()) {
      LOG.warn("trigger {} did not stop within {}; the records it holds come again to the next"
          + " consumer of group {}", common.name(), settings.fetchWait().plus(STOP_GRACE),
          settings.groupId());
    }
  }
}
