package dev.durable.runtime.internal.engine;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.MDC;

/** The engine's and worker's threads: daemons, named for what they do. */
final class Threads {
  private Threads() {}

  /**
   * A daemon thread that starts with an empty MDC: an MDC that threads inherit (SLF4J's basic one)
   * would otherwise hand it the keys of whichever thread made it, a user's request or a run.
   */
  static Thread daemon(Runnable task, String name) {
    Thread thread = new Thread(() -> {
      MDC.clear();
      task.run();
    }, name);
    thread.setDaemon(true);
    return thread;
  }

  /** Daemon threads named {@code <prefix>-1}, {@code <prefix>-2}, ... */
  static ThreadFactory numbered(String prefix) {
    AtomicInteger count = new AtomicInteger();
    return task -> daemon(task, prefix + "-" + count.incrementAndGet());
  }
}
