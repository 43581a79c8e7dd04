package dev.durable.runtime.internal.engine;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/** The engine's and worker's threads: daemons, named for what they do. */
final class Threads {
  private Threads() {}

  static Thread daemon(Runnable task, String name) {
    Thread thread = new Thread(task, name);
    thread.setDaemon(true);
    return thread;
  }

  /** Daemon threads named {@code <prefix>-1}, {@code <prefix>-2}, ... */
  static ThreadFactory numbered(String prefix) {
    AtomicInteger count = new AtomicInteger();
    return task -> daemon(task, prefix + "-" + count.incrementAndGet());
  }
}
