package dev.durable.runtime.trigger;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.StartOptions;
import java.util.Objects;

/**
 * Starts the run of one message, the same way for every broker: its body decoded, its start
 * options made (the run id the broker's identity of the message gives, the queue, the partition
 * key), then {@link StartOutcome#attempt}. What becomes of the message then (acknowledged, handed
 * back, sought back to, dead-lettered) is the broker's, and so is counting a failing message's
 * deliveries: each broker counts them its own way.
 *
 * @param <M> the broker's message type
 * @param <T> the run's input, as the decoder makes it
 */
public final class MessageStarts<M, T> {
  private final TriggerSettings<M, T> settings;
  private final DurableEngine engine;
  private final String noun;

  /**
   * Starts through {@code engine}, as {@code settings} say.
   *
   * @param noun what the broker calls a message ({@code "record"}), as reasons name it
   */
  public MessageStarts(TriggerSettings<M, T> settings, DurableEngine engine, String noun) {
    this.settings = Objects.requireNonNull(settings, "settings");
    this.engine = Objects.requireNonNull(engine, "engine");
    this.noun = Objects.requireNonNull(noun, "noun");
  }

  /**
   * Decodes {@code body} and starts {@code message}'s run as {@code runId}. A body the decoder
   * throws for (or makes null of), and a partition key function that throws, are {@link
   * StartOutcome.Kind#REJECTED}: such a message never can start a run.
   */
  public StartOutcome attempt(String runId, M message, byte[] body) {
    T input;
    try {
      input = settings.decoder().decode(body);
      if (input == null) {
        throw new IllegalArgumentException("the decoder returned null");
      }
    } catch (Exception e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      return StartOutcome.rejected("cannot decode the " + noun + ": " + describe(e));
    }
    StartOptions options;
    try {
      options = options(runId, message);
    } catch (RuntimeException e) {
      return StartOutcome.rejected("cannot make the run's start options: " + describe(e));
    }
    return StartOutcome.attempt(settings.starter(), new RunStart(engine, options), input);
  }

  /** The options of the message's run: its id, and the queue and partition key, if any. */
  private StartOptions options(String runId, M message) {
    StartOptions.Builder options = StartOptions.builder().runId(runId);
    if (settings.queue() != null) {
      options.queue(settings.queue());
      if (settings.partitionKey() != null) {
        String key = settings.partitionKey().apply(message);
        if (key != null) {
          options.partitionKey(key);
        }
      }
    }
    return options.build();
  }

  /** An exception as a reason: its class's simple name and its message. */
  public static String describe(Exception e) {
    return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
  }
}
