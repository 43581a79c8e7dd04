package dev.durable.bench;

import dev.durable.runtime.DurableHooks;
import dev.durable.runtime.RunEvent;
import dev.durable.runtime.StepEvent;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Where the time of each run of {@link BenchWorkflow} goes: moments taken by the client (before
 * {@code start}, after {@code await}) and by the hooks ({@code onRunStart}, each {@code
 * onStepStart}, {@code onRunComplete}), all by {@link System#nanoTime()}, cut into {@link
 * Segment}s.
 */
final class RunTimeline implements DurableHooks {

  /** A part of a run, between two of its moments. */
  enum Segment {
    START("start() -> turn begins (insert run, hand-off to a worker)"),
    FIRST_STEP("turn begins -> step a starts"),
    STEP("step start -> next step start (per-step overhead)"),
    LAST_STEP("step c starts -> run completed (c's checkpoint, completion)"),
    AWAIT("run completed -> await() returns");

    final String description;

    Segment(String description) {
      this.description = description;
    }
  }

  private static final int CLIENT = 0;
  private static final int TURN = 1;
  private static final int FIRST_STEP_AT = 2;
  private static final int STEPS = 3;
  private static final int COMPLETED = FIRST_STEP_AT + STEPS;
  private static final int MOMENTS = COMPLETED + 1;

  private final Map<String, AtomicLongArray> runs = new ConcurrentHashMap<>();
  private volatile Map<Segment, Samples> segments = fresh();
  private volatile boolean recording;

  /** Starts recording afresh. */
  void start() {
    segments = fresh();
    recording = true;
  }

  /** Stops recording and returns what was measured since {@link #start()}. */
  Map<Segment, Samples> stop() {
    recording = false;
    return segments;
  }

  /** The client is about to start the run {@code runId}. */
  void starting(String runId) {
    if (recording) {
      AtomicLongArray at = new AtomicLongArray(MOMENTS);
      at.set(CLIENT, System.nanoTime());
      runs.put(runId, at);
    }
  }

  /**
   * The client's {@code await} returned. A run whose completion the client read from the store
   * before the engine called {@code onRunComplete} (it commits first) is left out.
   */
  void returned(String runId) {
    long now = System.nanoTime();
    AtomicLongArray at = runs.remove(runId);
    if (!recording || at == null || at.get(COMPLETED) == 0) {
      return;
    }
    Map<Segment, Samples> into = segments;
    into.get(Segment.START).add(at.get(TURN) - at.get(CLIENT));
    into.get(Segment.FIRST_STEP).add(at.get(FIRST_STEP_AT) - at.get(TURN));
    for (int i = FIRST_STEP_AT + 1; i < COMPLETED; i++) {
      into.get(Segment.STEP).add(at.get(i) - at.get(i - 1));
    }
    into.get(Segment.LAST_STEP).add(at.get(COMPLETED) - at.get(COMPLETED - 1));
    into.get(Segment.AWAIT).add(now - at.get(COMPLETED));
  }

  @Override
  public void onRunStart(RunEvent run) {
    mark(run.runId(), TURN);
  }

  @Override
  public void onStepStart(StepEvent step) {
    if (step.position() < STEPS) {
      mark(step.runId(), FIRST_STEP_AT + step.position());
    }
  }

  @Override
  public void onRunComplete(RunEvent run) {
    mark(run.runId(), COMPLETED);
  }

  private void mark(String runId, int moment) {
    AtomicLongArray at = runs.get(runId);
    if (at != null) {
      at.set(moment, System.nanoTime());
    }
  }

  private static Map<Segment, Samples> fresh() {
    Map<Segment, Samples> samples = new EnumMap<>(Segment.class);
    for (Segment segment : Segment.values()) {
      samples.put(segment, new Samples());
    }
    return samples;
  }
}
