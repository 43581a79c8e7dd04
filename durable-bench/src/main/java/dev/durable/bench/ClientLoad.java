package dev.durable.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Client threads that each start a run and await it, again and again, until stopped, as {@link
 * Clients} does for a number of runs; each run's end and latency are kept, so that any window of
 * time within the load can be measured afterwards: its workflows/s, its latency, the longest gap
 * between two runs' ends and its slowest second. Phase (q) measures (b) this way while something
 * else runs beside it for as long as that takes, which a count of runs cannot follow.
 */
final class ClientLoad implements AutoCloseable {
  /**
   * The load over one window of time.
   *
   * @param nanos the window's length
   * @param runs runs that ended within it
   * @param latency those runs' start to result
   * @param longestGapNanos the longest time within the window in which no run ended, the window's
   *     edges counted as ends: how long the clients were held up at most
   * @param slowestSecond the fewest runs that ended within one whole second of the window
   * @param cpu the CPU used over the window, by this JVM and the machine
   */
  record Window(
      long nanos, int runs, Samples latency, long longestGapNanos, int slowestSecond,
      CpuMeter.Usage cpu) {
    double workflowsPerSecond() {
      return runs / (nanos / 1e9);
    }
  }

  /** A run's end and how long it took, kept by the thread that ran it. */
  private static final class Ends {
    private long[] at = new long[4096];
    private long[] took = new long[4096];
    private int size;

    synchronized void add(long endedAt, long nanos) {
      if (size == at.length) {
        at = Arrays.copyOf(at, size * 2);
        took = Arrays.copyOf(took, size * 2);
      }
      at[size] = endedAt;
      took[size++] = nanos;
    }
  }

  private final List<Thread> threads = new ArrayList<>();
  private final List<Ends> ends = new ArrayList<>();
  private final AtomicReference<Throwable> failed = new AtomicReference<>();
  private volatile boolean stopping;

  /** Starts {@code clients} threads running {@code oneRun} over and over. */
  ClientLoad(int clients, Clients.OneRun oneRun) {
    String prefix = UUID.randomUUID() + "-";
    AtomicInteger next = new AtomicInteger();
    for (int i = 0; i < clients; i++) {
      Ends mine = new Ends();
      ends.add(mine);
      Thread thread = new Thread(() -> {
        try {
          while (!stopping) {
            int n = next.getAndIncrement();
            long started = System.nanoTime();
            oneRun.run(prefix + n, n);
            long ended = System.nanoTime();
            mine.add(ended, ended - started);
          }
        } catch (Throwable t) {
          failed.compareAndSet(null, t);
        }
      }, "durable-bench-load-" + i);
      thread.setDaemon(true);
      threads.add(thread);
    }
    threads.forEach(Thread::start);
  }

  /**
   * The runs that ended from {@code from} to {@code to} ({@link System#nanoTime()}), with the CPU
   * readings taken at those moments.
   */
  Window window(long from, long to, CpuMeter.Reading cpuFrom, CpuMeter.Reading cpuTo) {
    check();
    Samples latency = new Samples();
    long[] all = new long[4096];
    int count = 0;
    for (Ends each : ends) {
      synchronized (each) {
        for (int i = 0; i < each.size; i++) {
          if (each.at[i] >= from && each.at[i] <= to) {
            if (count == all.length) {
              all = Arrays.copyOf(all, count * 2);
            }
            all[count++] = each.at[i];
            latency.add(each.took[i]);
          }
        }
      }
    }
    all = Arrays.copyOf(all, count);
    Arrays.sort(all);
    long longestGap = 0;
    long previous = from;
    for (long at : all) {
      longestGap = Math.max(longestGap, at - previous);
      previous = at;
    }
    longestGap = Math.max(longestGap, to - previous);
    int seconds = (int) ((to - from) / 1_000_000_000L);
    int[] perSecond = new int[Math.max(1, seconds)];
    for (long at : all) {
      int second = (int) ((at - from) / 1_000_000_000L);
      if (second < seconds) {
        perSecond[second]++;
      }
    }
    int slowest = seconds == 0 ? all.length : Arrays.stream(perSecond).min().orElse(0);
    return new Window(to - from, all.length, latency, longestGap, slowest, cpuTo.since(cpuFrom));
  }

  /** Throws if a client's run failed: the load is then not the workload it claims to be. */
  void check() {
    if (failed.get() != null) {
      throw new IllegalStateException("a client's run failed", failed.get());
    }
  }

  /** Stops the clients once their runs in flight have ended. */
  @Override
  public void close() throws InterruptedException {
    stopping = true;
    for (Thread thread : threads) {
      thread.join();
    }
    check();
  }
}
