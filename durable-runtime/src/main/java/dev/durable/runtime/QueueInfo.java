package dev.durable.runtime;

import java.time.Instant;
import java.util.Optional;

/**
 * A queue of runs as {@link DurableEngine#queues()} shows it: how it was declared and what it
 * holds now, across every engine sharing the database.
 *
 * @param name the queue's name
 * @param declaration its limits as the engine that last declared it stored them; empty if no
 *     engine declared it (runs were started through it, none admits them) or the stored text is
 *     not one this version reads
 * @param declaredBy the id of the engine that last declared it, if one did
 * @param depth its runs {@link RunState#ENQUEUED}: waiting for admission or for their delay
 * @param running its runs admitted and not ended (pending, running or sleeping): the slots taken
 * @param oldestWaitingAt when the oldest of its {@link RunState#ENQUEUED} runs was started, if one
 *     waits
 * @param paused whether it is paused ({@link DurableEngine#pauseQueue}): no engine admits a run
 *     through it until it is resumed
 */
public record QueueInfo(String name, Optional<Queue> declaration, Optional<String> declaredBy,
    long depth, long running, Optional<Instant> oldestWaitingAt, boolean paused) {

  /** A queue that is not paused. */
  public QueueInfo(String name, Optional<Queue> declaration, Optional<String> declaredBy,
      long depth, long running, Optional<Instant> oldestWaitingAt) {
    this(name, declaration, declaredBy, depth, running, oldestWaitingAt, false);
  }
}
