package dev.durable.runtime;

import java.util.concurrent.Callable;

/**
 * The task a worker is serving: one attempt of one dispatched step of one run. A handler receives
 * it as an argument; a typed contract implementation reads it with {@link #current()}.
 */
public interface TaskContext {
  /** {@code <runId>/<seq>/<attempt>}: the same for every delivery of this attempt. */
  String taskId();

  String runId();

  /** The step's name. */
  String step();

  /** 1 for the first attempt. */
  int attempt();

  /**
   * Tells the engine that this worker is still at work on the task: it re-arms the step's liveness
   * window ({@code @Step(timeoutMs)}) and renews its lost-task lease ({@code remoteRedispatchMs}).
   * A handler that may run longer than either calls it within each window. Beats are written at
   * most once per half window (once a second for a step with neither); the others only count.
   */
  default void heartbeat() {
    heartbeat(null);
  }

  /**
   * {@link #heartbeat()}, storing {@code progress} (as JSON) with the task for operators to read.
   * The stored progress is that of the last beat written; a beat between writes only counts.
   */
  void heartbeat(Object progress);

  /**
   * Whether the engine gave this task up (it timed out, or was lost and delivered again): its
   * outcome will not be stored, so the handler may stop. Learned from the heartbeats' writes.
   */
  boolean isCancelled();

  /**
   * The task the calling thread serves, for a typed contract implementation that heartbeats.
   *
   * @throws IllegalStateException outside of a worker's handler
   */
  static TaskContext current() {
    TaskContext task = Current.TASK.get();
    if (task == null) {
      throw new IllegalStateException(
          "TaskContext.current() is only available on a worker's thread while it serves a"
              + " dispatched step");
    }
    return task;
  }

  /**
   * The task each worker thread serves, which {@link #current()} reads: a worker sets it around
   * each task. Kept here, with the one type it holds, so that nothing outside this file has to name
   * both.
   */
  final class Current {
    private static final ThreadLocal<TaskContext> TASK = new ThreadLocal<>();

    private Current() {}

    /**
     * Runs {@code body} with {@code task} as the calling thread's current task, then clears it:
     * what a worker does around each task; a unit test of a contract implementation that
     * heartbeats may do it too.
     */
    public static <T> T with(TaskContext task, Callable<T> body) throws Exception {
      TASK.set(task);
      try {
        return body.call();
      } finally {
        TASK.remove();
      }
    }
  }
}
