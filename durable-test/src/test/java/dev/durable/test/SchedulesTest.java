package dev.durable.test;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.durable.runtime.RunFilter;
import dev.durable.runtime.RunInfo;
import dev.durable.runtime.RunState;
import dev.durable.test.workflows.HourlyReportDurable;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A schedule fires once for each fire time that {@code advance} moves the clock past. */
@DurableTest
class SchedulesTest {
  @Test
  void aScheduleFiresAtEachFireTimeThatTheClockPasses(DurableTestEnv env) {
    env.register(new HourlyReportDurable());

    env.advance(Duration.ofHours(3).plusMinutes(30));

    List<RunInfo> runs = env.engine().listRuns(RunFilter.builder().build()).stream()
        .sorted(Comparator.comparing(RunInfo::createdAt)).toList();
    Instant start = DurableTestEnv.START;
    assertEquals(
        List.of(start.plus(Duration.ofHours(1)), start.plus(Duration.ofHours(2)),
            start.plus(Duration.ofHours(3))),
        runs.stream().map(run -> run.scheduledAt().orElseThrow()).toList());
    assertEquals(runs.stream().map(RunInfo::scheduledAt).map(fired -> fired.orElseThrow()).toList(),
        runs.stream().map(RunInfo::createdAt).toList(), "each started at its fire time, on time");
    assertEquals(List.of(RunState.COMPLETED, RunState.COMPLETED, RunState.COMPLETED),
        runs.stream().map(RunInfo::status).toList());
  }
}
