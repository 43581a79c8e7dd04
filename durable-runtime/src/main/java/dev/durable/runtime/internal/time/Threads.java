package dev.durable.runtime.internal.time;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.MDC;

/** The engine's and worker's threads: daemons, named for what they do. */
public final class Threads {
  private Threads() {}

  /**
   * A daemon thread that starts with an empty MDC: an MDC that threads inherit (SLF4J's basic one)
   * would otherwise hand it the keys of whichever thread made it, a user's request or a run.
   */
  public static Thread daemon(Runnable task, String name) {
    Thread thread = new Thread(withEmptyMdc(task), name);
    thread.setDaemon(true);
    return thread;
  }

  /** Daemon threads named {@code <prefix>-1}, {@code <prefix>-2}, ... */
  public static ThreadFactory numbered(String prefix) {
    AtomicInteger count = new AtomicInteger();
    return task -> daemon(task, prefix + "-" + count.incrementAndGet());
  }

  /**
   * The threads of {@code base}, named {@code <prefix>-1}, {@code <prefix>-2}, ..., each starting
   * with an empty MDC.
   */
  static ThreadFactory named(String prefix, ThreadFactory base) {
    AtomicInteger count = new AtomicInteger();
    return task -> {
      Thread thread = base.newThread(withEmptyMdc(task));
      thread.setName(prefix + "-" + count.incrementAndGet());
      return thread;
    };
  }

  /**
   * Where an engine's runs, step attempts or a worker's tasks execute: a new virtual thread per
   * task when {@code virtual} (the number of tasks at once is bounded by their caller's slots, not
   * here), else a pool of at most {@code platformThreads} platform threads, made as needed and
   * kept.
   */
  public static ExecutorService executor(String prefix, boolean virtual, int platformThreads) {
    if (virtual) {
      return perTask(prefix);
    }
    return Executors.newFixedThreadPool(platformThreads, numbered(prefix));
  }

  /**
   * An executor that runs each task on a new virtual thread named {@code <prefix>-<n>}, with an
   * empty MDC (as {@link #daemon} gives platform threads: virtual threads inherit a thread's
   * inheritable locals, SLF4J's basic MDC among them).
   *
   * @throws IllegalStateException if this JVM has no virtual threads
   */
  public static ExecutorService perTask(String prefix) {
    return VirtualThreads.perTask(named(prefix, VirtualThreads.factory()));
  }

  private static Runnable withEmptyMdc(Runnable task) {
    return () -> {
      MDC.clear();
      task.run();
    };
  }
}
