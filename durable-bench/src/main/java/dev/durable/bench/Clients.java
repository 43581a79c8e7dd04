package dev.durable.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.atomic.AtomicInteger;

/** Client threads that each start a run and await it, again and again, until all are done. */
final class Clients {
  /** Starts run number {@code n} under id {@code runId}, awaits it and checks its result. */
  @FunctionalInterface
  interface OneRun {
    void run(String runId, int n) throws Exception;
  }

  private Clients() {}

  /**
   * Makes {@code runs} runs from {@code clients} threads, adding each one's start-to-await time to
   * {@code latency}. Run ids are a fresh random prefix with a number, so that each start really
   * starts a run.
   *
   * @return the CPU this JVM used meanwhile and its threads' context switches, the client
   *     threads' included (read while they are alive)
   */
  static CpuMeter.Usage drive(int clients, int runs, Samples latency, OneRun oneRun)
      throws Exception {
    String prefix = UUID.randomUUID() + "-";
    ThreadPoolExecutor threads = (ThreadPoolExecutor) Executors.newFixedThreadPool(clients);
    try {
      threads.prestartAllCoreThreads();
      AtomicInteger next = new AtomicInteger();
      List<Future<?>> done = new ArrayList<>();
      CpuMeter.Reading before = CpuMeter.read();
      for (int i = 0; i < clients; i++) {
        done.add(threads.submit(() -> {
          for (int n = next.getAndIncrement(); n < runs; n = next.getAndIncrement()) {
            long started = System.nanoTime();
            oneRun.run(prefix + n, n);
            latency.add(System.nanoTime() - started);
          }
          return null;
        }));
      }
      for (Future<?> each : done) {
        each.get();
      }
      return CpuMeter.read().since(before);
    } finally {
      threads.shutdownNow();
    }
  }
}
