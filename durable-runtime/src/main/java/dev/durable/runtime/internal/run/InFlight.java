package dev.durable.runtime.internal.run;

import dev.durable.runtime.internal.turn.AttemptContext;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * The runs whose turns execute on this engine right now, with the step attempt each is making:
 * what {@code cancel} reaches, what lease renewal covers, and what a status snapshot shows as
 * {@code RUNNING}.
 */
public final class InFlight {

  /** The attempt a run is making. */
  public record Attempt(int seq, String stepName, int attempt, AttemptContext context) {}

  /**
   * One run in flight: the attempts it is making, several at once in a fan or group, and its run
   * timeout's end.
   */
  public static final class Run {
    private final Set<Attempt> attempts = ConcurrentHashMap.newKeySet();
    private volatile boolean cancelled;
    private volatile boolean paused;
    private volatile Instant deadline;
    private volatile boolean timedOut;
    private Consumer<Run> next;

    /** The attempts being made, by position. */
    public List<Attempt> attempts() {
      return attempts.stream().sorted(Comparator.comparingInt(Attempt::seq)).toList();
    }

    public boolean isCancelled() {
      return cancelled;
    }

    /**
     * Whether it was paused while in flight: its turn stops before its next step, sleep, child or
     * task, and the attempts it is making finish and are recorded.
     */
    public boolean isPaused() {
      return paused;
    }

    /** Whether its run timeout ended while it was in flight. */
    public boolean isTimedOut() {
      return timedOut;
    }

    /** The end of its run timeout, or null: set as its turn begins. */
    Instant deadline() {
      return deadline;
    }

    void deadline(Instant deadline) {
      this.deadline = deadline;
    }

    public void attemptStarted(Attempt started) {
      attempts.add(started);
      if (cancelled || timedOut) {
        started.context().cancel();
      }
    }

    public void attemptEnded(Attempt ended) {
      attempts.remove(ended);
    }

    void cancel() {
      cancelled = true;
      attempts.forEach(attempt -> attempt.context().cancel());
    }

    /** Stops it at its run timeout's end: its attempts are cancelled as by {@link #cancel}. */
    void timeOut() {
      timedOut = true;
      attempts.forEach(attempt -> attempt.context().cancel());
    }
  }

  private final Map<String, Run> runs = new ConcurrentHashMap<>();

  /**
   * Marks a run in flight and calls {@code start} with its flight: now, or, if a turn of the run
   * is still finishing here (it suspended a moment ago and its wake-up came at once), as soon as
   * that turn ends. A second turn waiting for the same run is dropped: one is enough.
   */
  void begin(String runId, Consumer<Run> start) {
    Run flight = new Run();
    synchronized (this) {
      Run current = runs.get(runId);
      if (current != null) {
        if (current.next == null) {
          current.next = start;
        }
        return;
      }
      runs.put(runId, flight);
    }
    start.accept(flight);
  }

  /** Ends a run's flight, and begins the next turn of it that was waiting, if any. */
  void end(String runId) {
    Consumer<Run> next;
    synchronized (this) {
      Run ended = runs.remove(runId);
      next = ended == null ? null : ended.next;
    }
    if (next != null) {
      begin(runId, next);
    }
  }

  boolean contains(String runId) {
    return runs.containsKey(runId);
  }

  /** The ids of the runs in flight now. */
  List<String> ids() {
    return List.copyOf(runs.keySet());
  }

  public Optional<Run> get(String runId) {
    return Optional.ofNullable(runs.get(runId));
  }

  /** Stops the run's turn before its next step: its attempts in flight go on and are recorded. */
  void pause(String runId) {
    Run run = runs.get(runId);
    if (run != null) {
      run.paused = true;
    }
  }

  /**
   * Cancels the run's attempts (their tokens fire and the threads running them are interrupted)
   * and stops its turn at its next checkpoint.
   */
  void cancel(String runId) {
    Run run = runs.get(runId);
    if (run != null) {
      run.cancel();
    }
  }

  /**
   * Stops the runs in flight whose run timeout ended by {@code now}: their attempts are cancelled,
   * and their turns fail them with {@code run_timeout}.
   */
  void timeOutExpired(Instant now) {
    for (Run run : runs.values()) {
      Instant deadline = run.deadline;
      if (deadline != null && !run.timedOut && !now.isBefore(deadline)) {
        run.timeOut();
      }
    }
  }

  /** Cancels every run in flight: the engine is shutting down. */
  void cancelAll() {
    runs.values().forEach(Run::cancel);
  }
}
