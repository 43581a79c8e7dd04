package dev.durable.runtime.internal.observe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

/**
 * The counters of a queue's admissions on this engine: runs admitted (admitted/s is its rate) and
 * admissions that left runs waiting for the rate limit alone, tagged with the queue.
 */
class QueueMetersTest {
  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

  @Test
  void admissionsCountTheRunsAdmittedAndTheRoundsHeldBackByTheRateLimitPerQueue() {
    Observer observer = MicrometerObserver.of(registry);
    observer.runsAdmitted("llm", 3, false);
    observer.runsAdmitted("llm", 2, true);
    observer.runsAdmitted("llm", 0, true);
    observer.runsAdmitted("reports", 1, false);

    assertEquals(5, registry.get("durable.queue.admitted").tag("queue", "llm").counter().count());
    assertEquals(1,
        registry.get("durable.queue.admitted").tag("queue", "reports").counter().count());
    assertEquals(2, registry.get("durable.queue.rate.held").tag("queue", "llm").counter().count());
    assertNull(registry.find("durable.queue.rate.held").tag("queue", "reports").counter(),
        "an admission never held back by the rate makes no meter");
    observer.close();
  }
}
