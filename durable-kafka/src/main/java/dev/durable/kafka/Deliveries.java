package dev.durable.kafka;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.trigger.MessageStarts;
import dev.durable.runtime.trigger.StartOutcome;
import dev.durable.runtime.trigger.TriggerCounters;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What becomes of one record taken from a poll: decoded, its run started by the user's starter
 * with the run id its group, topic, partition and offset give, and then passed (run stored, or
 * stored already, or dead-lettered: its offset may be committed) or to be taken again (the store
 * away, the start failed). Used by the polling thread only.
 */
final class Deliveries<T> {
  private static final Logger LOG = LoggerFactory.getLogger(Deliveries.class);

  /** What the poll loop does with a record once handled. */
  enum Verdict {
    /** Its offset may be committed: the next record of its partition goes on. */
    PASS,
    /** Seek back to it and take it again after the retry delay. */
    RETRY
  }

  /** How often the start of the record at {@code offset} failed so far. */
  private record Failures(long offset, int count) {}

  private final KafkaTriggerSettings<T> settings;
  private final MessageStarts<ConsumerRecord<byte[], byte[]>, T> starts;
  private final TriggerCounters counters;
  private final DeadLetters deadLetters;
  /**
   * Each partition's record whose start failed (not for an outage) and is taken again: Kafka
   * keeps no delivery count, so the trigger counts, for {@code maxDeliveries}.
   */
  private final Map<TopicPartition, Failures> failures = new HashMap<>();

  Deliveries(KafkaTriggerSettings<T> settings, DurableEngine engine, TriggerCounters counters,
      DeadLetters deadLetters) {
    this.settings = settings;
    this.starts = new MessageStarts<>(settings.common(), engine, "record");
    this.counters = counters;
    this.deadLetters = deadLetters;
  }

  /** Handles {@code record}; says whether its offset may pass or it must be taken again. */
  Verdict handle(ConsumerRecord<byte[], byte[]> record) {
    counters.consumed();
    TopicPartition partition = new TopicPartition(record.topic(), record.partition());
    String runId = KafkaTrigger.runId(settings.groupId(), record.topic(), record.partition(),
        record.offset());
    StartOutcome outcome = record.value() == null
        ? StartOutcome.rejected("cannot decode the record: IllegalArgumentException: the record"
            + " has no value (a tombstone)")
        : starts.attempt(runId, record, record.value());
    String reason = outcome.reason().orElse("");
    return switch (outcome.kind()) {
      case STARTED, DUPLICATE -> {
        failures.remove(partition);
        counters.outcome(outcome.kind());
        yield Verdict.PASS;
      }
      case REJECTED -> reject(partition, record, reason);
      case UNAVAILABLE -> retry(record, runId, outcome);
      case FAILED -> {
        Failures before = failures.get(partition);
        int count = before != null && before.offset() == record.offset() ? before.count() + 1 : 1;
        if (count >= settings.common().maxDeliveries()) {
          yield reject(partition, record, reason + " (the start failed each of the " + count
              + " times the record was taken)");
        }
        failures.put(partition, new Failures(record.offset(), count));
        yield retry(record, runId, outcome);
      }
    };
  }

  /** Forgets what was counted for partitions this consumer no longer reads. */
  void forget(Collection<TopicPartition> partitions) {
    partitions.forEach(failures::remove);
  }

  private Verdict reject(TopicPartition partition, ConsumerRecord<byte[], byte[]> record,
      String reason) {
    if (deadLetters.reject(record, reason)) {
      failures.remove(partition);
      counters.outcome(StartOutcome.Kind.REJECTED);
      return Verdict.PASS;
    }
    counters.outcome(StartOutcome.Kind.FAILED);
    return Verdict.RETRY;
  }

  /** Not passed: the poll loop seeks back to it and takes it again after the retry delay. */
  private Verdict retry(ConsumerRecord<byte[], byte[]> record, String runId,
      StartOutcome outcome) {
    LOG.warn("trigger {} could not start run {} (offset {} of {}-{}): {}; it is taken again in"
            + " {}", settings.common().name(), runId, record.offset(), record.topic(),
        record.partition(), outcome.reason().orElse("?"), settings.common().retryDelay());
    counters.outcome(outcome.kind());
    return Verdict.RETRY;
  }
}
