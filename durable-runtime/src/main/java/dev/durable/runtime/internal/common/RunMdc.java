package dev.durable.runtime.internal.common;

import java.util.Map;
import java.util.concurrent.Callable;
import org.slf4j.MDC;

/**
 * The SLF4J MDC keys that tie a log line to its run: {@value #RUN_ID}, {@value #WORKFLOW} (the
 * workflow's name), {@value #WORKFLOW_VERSION} and, while a step attempt runs, {@value #STEP}. The
 * engine sets them for the whole of a turn on the turn's thread and for each attempt on the thread
 * that makes it; a worker sets {@value #RUN_ID} and {@value #STEP} while it serves a task.
 *
 * <p>The engine's and workers' threads are pooled, so every scope puts back what the thread had
 * before (nothing, on the engine's own threads) when it closes: a value never leaks into the next
 * run's lines.
 */
public final class RunMdc {
  static final String RUN_ID = "runId";
  static final String WORKFLOW = "workflow";
  static final String WORKFLOW_VERSION = "workflowVersion";
  static final String STEP = "step";

  private RunMdc() {}

  /** A scope that puts back the MDC values it replaced; closing it twice does nothing more. */
  public interface Scope extends AutoCloseable {
    @Override
    void close();
  }

  /** Sets the run's keys (and clears {@value #STEP}) until the scope closes. */
  public static Scope run(String runId, String workflow, String version) {
    return put(RUN_ID, runId, WORKFLOW, workflow, WORKFLOW_VERSION, version, STEP, null);
  }

  /** Sets {@value #STEP} until the scope closes; the run's keys stay as they are. */
  public static Scope step(String step) {
    return put(STEP, step);
  }

  /** Sets {@value #RUN_ID} and {@value #STEP} until the scope closes: a worker's task. */
  public static Scope task(String runId, String step) {
    return put(RUN_ID, runId, STEP, step);
  }

  /**
   * {@code task}, to run on another thread with the MDC of the thread that calls this now: a
   * branch of a fan, or an attempt on a step thread. The other thread's own MDC is put back after.
   */
  public static <T> Callable<T> carried(Callable<T> task) {
    Map<String, String> context = MDC.getCopyOfContextMap();
    return () -> {
      Map<String, String> previous = MDC.getCopyOfContextMap();
      set(context);
      try {
        return task.call();
      } finally {
        set(previous);
      }
    };
  }

  private static void set(Map<String, String> context) {
    if (context == null || context.isEmpty()) {
      MDC.clear();
    } else {
      MDC.setContextMap(context);
    }
  }

  /** Sets each key to the value after it (null: removes it), returning the scope that undoes it. */
  private static Scope put(String... keysAndValues) {
    String[] previous = new String[keysAndValues.length / 2];
    for (int i = 0; i < previous.length; i++) {
      String key = keysAndValues[2 * i];
      previous[i] = MDC.get(key);
      set(key, keysAndValues[2 * i + 1]);
    }
    return new Scope() {
      private boolean closed;

      @Override
      public void close() {
        if (closed) {
          return;
        }
        closed = true;
        for (int i = 0; i < previous.length; i++) {
          set(keysAndValues[2 * i], previous[i]);
        }
      }
    };
  }

  private static void set(String key, String value) {
    if (value == null) {
      MDC.remove(key);
    } else {
      MDC.put(key, value);
    }
  }
}
