package dev.durable.kafka;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What becomes of a record that can never start a run: produced to the dead-letter topic with its
 * key, headers, value, reason and origin, waiting until the broker has it; or, without a topic,
 * logged. Either way its offset may pass then, and the records behind it go on.
 */
final class DeadLetters implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(DeadLetters.class);
  /** The longest reason a header carries; the rest is in the log. */
  private static final int MAX_REASON = 1000;
  /** How long a dead letter's send may take before the record is taken again later. */
  private static final Duration SEND_WAIT = Duration.ofSeconds(30);

  private final String trigger;
  private final String topic;
  private final Producer<byte[], byte[]> producer;

  /**
   * @param topic the dead-letter topic; null: set poison records aside
   * @param producer the producer of dead letters; null when set aside
   */
  DeadLetters(String trigger, String topic, Producer<byte[], byte[]> producer) {
    this.trigger = trigger;
    this.topic = topic;
    this.producer = producer;
  }

  /**
   * Dead-letters (or sets aside) {@code record}, which cannot start a run for {@code reason}.
   *
   * @return whether its offset may pass; false: the dead letter could not be sent, take the
   *     record again later
   */
  boolean reject(ConsumerRecord<byte[], byte[]> record, String reason) {
    if (topic == null) {
      LOG.warn("trigger {} set aside the record at offset {} of {}-{}, which cannot start a run:"
          + " {}", trigger, record.offset(), record.topic(), record.partition(), reason);
      return true;
    }
    RecordHeaders headers = new RecordHeaders();
    for (Header header : record.headers()) {
      headers.add(header);
    }
    headers.add(KafkaTrigger.REASON_HEADER, bytes(cut(reason)));
    headers.add(KafkaTrigger.TOPIC_HEADER, bytes(record.topic()));
    headers.add(KafkaTrigger.PARTITION_HEADER, bytes(Integer.toString(record.partition())));
    headers.add(KafkaTrigger.OFFSET_HEADER, bytes(Long.toString(record.offset())));
    headers.add(KafkaTrigger.TRIGGER_HEADER, bytes(trigger));
    try {
      producer.send(new ProducerRecord<>(topic, null, record.key(), record.value(), headers))
          .get(SEND_WAIT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    } catch (ExecutionException | TimeoutException | RuntimeException e) {
      // not passed: the record is taken again, and dead-lettered once the topic takes it
      LOG.error("trigger {} could not produce the record at offset {} of {}-{} to its"
          + " dead-letter topic {} ({}); it is taken again: make sure the topic exists and takes"
          + " writes", trigger, record.offset(), record.topic(), record.partition(), topic,
          e instanceof ExecutionException ? e.getCause().toString() : e.toString());
      return false;
    }
    LOG.warn("trigger {} sent the record at offset {} of {}-{} to dead-letter topic {}: {}",
        trigger, record.offset(), record.topic(), record.partition(), topic, reason);
    return true;
  }

  @Override
  public void close() {
    if (producer != null) {
      producer.close(SEND_WAIT);
    }
  }

  private static String cut(String reason) {
    return reason.length() <= MAX_REASON ? reason : reason.substring(0, MAX_REASON);
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
