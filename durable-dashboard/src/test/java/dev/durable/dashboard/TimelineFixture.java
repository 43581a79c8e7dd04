package dev.durable.dashboard;

import dev.durable.runtime.HistoryEvent;
import dev.durable.runtime.RunError;
import dev.durable.runtime.RunExport;
import dev.durable.runtime.RunExport.Checkpoint;
import dev.durable.runtime.RunState;
import dev.durable.runtime.StepState;
import dev.durable.runtime.TaskInfo;
import dev.durable.runtime.TaskState;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** A run's stored data written by hand, for the timeline's tests: times in ms after T0. */
final class TimelineFixture {
  static final Instant T0 = Instant.parse("2026-12-06T05:00:00Z");

  final String runId;
  final List<Checkpoint> checkpoints = new ArrayList<>();
  final List<HistoryEvent> events = new ArrayList<>();
  final List<TaskInfo> tasks = new ArrayList<>();
  private long nextEvent = 1;

  TimelineFixture(String runId) {
    this.runId = runId;
    event(0, "run.created", null, 0, "");
  }

  static Instant at(long ms) {
    return T0.plusMillis(ms);
  }

  TimelineFixture event(long ms, String type, String step, int attempt, String detail) {
    events.add(new HistoryEvent(nextEvent++, runId, at(ms), type, Optional.ofNullable(step),
        attempt, detail));
    return this;
  }

  TimelineFixture checkpoint(int position, String kind, String name, StepState status,
      int attempts, long startMs, long updatedMs, Long wakeMs, String input, String output,
      RunError error) {
    checkpoints.add(new Checkpoint(position, kind, name, status, attempts,
        Optional.ofNullable(input), Optional.ofNullable(output), Optional.ofNullable(error),
        Optional.ofNullable(wakeMs).map(TimelineFixture::at), Optional.of(at(startMs)),
        Optional.of(at(updatedMs)), Optional.empty()));
    return this;
  }

  /** A local step done at its first attempt, with its two events. */
  TimelineFixture step(int position, String name, long startMs, long endMs) {
    checkpoint(position, "STEP", name, StepState.COMPLETED, 1, startMs, endMs, null, "[]",
        "null", null);
    event(startMs, "step.started", name, 1, "local");
    return event(endMs, "step.completed", name, 1, null);
  }

  TimelineFixture task(int position, String step, int attempt, TaskState status, long queuedMs,
      Long claimedMs, Long heartbeatMs, Long finishedMs, String error) {
    tasks.add(new TaskInfo(runId + "/" + position + "/" + attempt, runId, position, step, attempt,
        status, Optional.of("worker-1"), at(queuedMs),
        Optional.ofNullable(claimedMs).map(TimelineFixture::at),
        Optional.ofNullable(heartbeatMs).map(TimelineFixture::at),
        Optional.ofNullable(finishedMs).map(TimelineFixture::at), Optional.ofNullable(error)));
    return this;
  }

  RunExport.Run run(RunState status, long updatedMs, RunError error) {
    return new RunExport.Run(runId, "fixture", "1", status, Optional.empty(), Optional.empty(),
        T0, at(updatedMs), "[]", Optional.empty(), Optional.ofNullable(error), checkpoints,
        events);
  }

  TimelineBuilder.Built built(RunState status, long updatedMs, RunError error, long nowMs) {
    return TimelineBuilder.build(run(status, updatedMs, error), tasks, at(nowMs));
  }

  /** A completed run of {@code steps} local steps named {@code name}, each 1 ms, back to back. */
  static TimelineFixture loop(String runId, String name, int steps) {
    TimelineFixture f = new TimelineFixture(runId);
    for (int i = 0; i < steps; i++) {
      f.step(i, name, i, i + 1);
    }
    return f;
  }
}
