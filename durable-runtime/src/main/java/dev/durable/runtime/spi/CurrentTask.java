package dev.durable.runtime.spi;

import dev.durable.runtime.TaskContext;
import java.util.concurrent.Callable;

/** The task the current worker thread serves, read by {@link TaskContext#current()}. */
public final class CurrentTask {
  private static final ThreadLocal<TaskContext> CURRENT = new ThreadLocal<>();

  private CurrentTask() {}

  /** The task this thread serves, or {@code null}. */
  public static TaskContext get() {
    return CURRENT.get();
  }

  /** Runs {@code body} with {@code task} as the current task, then clears it. */
  public static <T> T with(TaskContext task, Callable<T> body) throws Exception {
    CURRENT.set(task);
    try {
      return body.call();
    } finally {
      CURRENT.remove();
    }
  }
}
