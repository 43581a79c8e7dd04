package dev.durable.runtime.internal.model;

import java.time.Instant;

/**
 * Where a new run waits before it runs: in a queue, for admission ({@code QueuesTable#admit}),
 * or, with no queue, until its delay ends; or, with neither, only the deduplication id it holds.
 *
 * @param queue the queue that admits it; null for a run that only waits out its delay
 * @param priority its place in the queue: lower first
 * @param partitionKey the key within the queue whose limits it counts against; null for none
 * @param dedupKey the queue's (or workflow's) name and the start's deduplication id, which no
 *     other unfinished run may hold; null for none
 * @param notBefore when its delay ends; null for none
 */
public record QueuePlace(
    String queue, int priority, String partitionKey, String dedupKey, Instant notBefore) {

  /** Whether the run waits ({@code ENQUEUED}): for a queue or a delay. */
  public boolean waits() {
    return queue != null || notBefore != null;
  }

  /** The deduplication key of {@code id} among the runs of {@code queue}, or of {@code workflow}. */
  public static String dedupKey(String queue, String workflow, String id) {
    return queue != null ? "queue:" + queue + "/" + id : "workflow:" + workflow + "/" + id;
  }

  /**
   * The key a debounced start of {@code workflow} with {@code key} holds as its deduplication key
   * while its run waits out its window ({@code RunDebounces}).
   */
  public static String debounceKey(String workflow, String key) {
    return "debounce:" + workflow + "/" + key;
  }
}
