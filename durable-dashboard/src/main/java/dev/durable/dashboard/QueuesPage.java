package dev.durable.dashboard;

import dev.durable.runtime.Queue;
import dev.durable.runtime.QueueInfo;
import dev.durable.runtime.RunState;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The queues of runs ({@code /queues}, {@code queues.jte}): each queue declared or started
 * through, with its runs waiting (a link to them), its runs admitted and not ended, since when the
 * oldest waits, and its limits as stored.
 */
record QueuesPage(List<QueueInfo> queues, Instant now) {
  /** The list of a queue's runs. */
  static String runsOf(QueueInfo queue) {
    return Links.withQuery("/", Map.of("queue", queue.name()));
  }

  /** The list of a queue's runs that wait, its parameters in the form's order. */
  static String waitingIn(QueueInfo queue) {
    Map<String, String> parameters = new LinkedHashMap<>();
    parameters.put("status", RunState.ENQUEUED.name());
    parameters.put("queue", queue.name());
    return Links.withQuery("/", parameters);
  }

  static String concurrency(QueueInfo queue) {
    return limit(queue.declaration().map(Queue::concurrency));
  }

  static String perEngine(QueueInfo queue) {
    return limit(queue.declaration().map(Queue::perEngine));
  }

  static String rate(QueueInfo queue) {
    return queue.declaration().flatMap(d -> d.ratePeriod().map(p -> d.ratePermits() + " per "
        + period(p))).orElse("-");
  }

  static String declaredBy(QueueInfo queue) {
    return queue.declaration().isPresent() ? queue.declaredBy().orElse("-") : "not declared";
  }

  private static String limit(Optional<Integer> limit) {
    return limit.filter(n -> n > 0).map(String::valueOf).orElse("-");
  }

  private static String period(Duration period) {
    return period.getNano() == 0 ? period.toSeconds() + " s" : period.toMillis() + " ms";
  }
}
