package dev.durable.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A run's info made by hand, as tools and tests make cursors and statuses. */
class RunInfoTest {
  private static final Instant T = Instant.parse("2026-01-05T09:00:00Z");

  @Test
  void whatIsNotSetIsAbsent() {
    RunInfo info = RunInfo.builder("r-1", "order", "1", RunState.RUNNING).createdAt(T).build();

    assertEquals(new RunInfo("r-1", "order", "1", RunState.RUNNING, null, T, null,
        Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
        0, Optional.empty(), Map.of(), 1, Optional.empty()), info);
  }

  @Test
  void everyComponentCanBeSet() {
    RunError error = new RunError("card declined", "declined", "java.lang.IllegalStateException",
        Optional.of("charge"));
    RunInfo info = RunInfo.builder("r-2", "order", "2", RunState.FAILED)
        .wakeAt(T.plusSeconds(1)).createdAt(T).updatedAt(T.plusSeconds(2)).error(error)
        .owner("engine-a").scheduledAt(T.minusSeconds(60)).parentId("r-0")
        .queue("reports", 5).partitionKey("tenant-42").attributes(Map.of("b", "2", "a", "1"))
        .generation(3).forkedFrom(new ForkPoint("r-9", 4))
        .build();

    assertEquals(new RunInfo("r-2", "order", "2", RunState.FAILED, T.plusSeconds(1), T,
        T.plusSeconds(2), Optional.of(error), Optional.of("engine-a"),
        Optional.of(T.minusSeconds(60)), Optional.of("r-0"), Optional.of("reports"), 5,
        Optional.of("tenant-42"), Map.of("a", "1", "b", "2"), 3,
        Optional.of(new ForkPoint("r-9", 4))), info);
    assertEquals(List.of("a", "b"), List.copyOf(info.attributes().keySet()));
  }
}
