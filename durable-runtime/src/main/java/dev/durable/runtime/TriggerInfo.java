package dev.durable.runtime;

import java.util.Objects;
import java.util.OptionalLong;

/**
 * What a trigger has done since it was made ({@link DurableEngine#triggers()}, and each trigger's
 * {@code stats()}); counts only grow. Each message taken counts once in {@code consumed}, and once more in the count of what
 * became of it that time: {@code started}, {@code duplicates}, {@code deadLettered} or {@code
 * redelivered} (a message delivered three times counts three times in {@code consumed}).
 *
 * @param trigger the trigger's name
 * @param consumed messages taken from the broker, each delivery once
 * @param started runs stored: messages whose start stored their run
 * @param duplicates messages whose run was stored already (a redelivery) or whose deduplication
 *     id another unfinished run holds: acknowledged, nothing started
 * @param deadLettered messages that can never start a run (not decodable, invalid input, refused
 *     options, or failed as often as allowed): sent to the dead-letter destination, or set aside
 * @param redelivered messages handed back to the broker to be delivered again later (the store
 *     was away, or the start failed)
 * @param lag messages the broker holds for the trigger and has not delivered yet, where the broker
 *     reports it (a NATS JetStream consumer's {@code num_pending}); empty before the first report
 * @param paused whether the trigger takes no messages now, because a queue it feeds is at its
 *     bound
 */
public record TriggerInfo(String trigger, long consumed, long started, long duplicates,
    long deadLettered, long redelivered, OptionalLong lag, boolean paused) {
  public TriggerInfo {
    Objects.requireNonNull(trigger, "trigger");
    Objects.requireNonNull(lag, "lag");
  }
}
