package dev.durable.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.ThreadMXBean;
import java.util.UUID;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

/**
 * One pass of phase (j) on one engine: {@code runs} runs of the I/O workflow started at once from
 * {@link #STARTERS} threads, each run handed on as it is started to {@link #AWAITERS} threads that
 * await them in the order they were started, and a sampler that watches the calls in progress,
 * the JVM's threads and, once, its heap at the peak.
 *
 * <p>Runs finish about in the order they start, so a run's latency, start to result as an awaiter
 * sees it, is late by at most the time its awaiter spent on the runs before it that finished
 * after it.
 *
 * <p>The heap per run in flight: the heap in use after a full collection ({@code System.gc()})
 * with the engine up and idle, before the pass; then, once during the pass, the heap in use after
 * another full collection at the peak of calls in progress, minus the first, over the calls in
 * progress just before that collection. The peak: once every run has been started, the first
 * sample with at least {@value #NEAR_PEAK} of the most calls in progress seen so far, or, if none
 * comes within a quarter of a step, the sample then. Before every run is started, the count of
 * an engine that runs whatever it is given still rises with the starts, and a pause in the starts
 * looks like a peak; once they are all started, it stays at its peak as long as the engine's
 * concurrency limits it, and only falls once the last runs' steps end. The difference counts
 * everything the pass holds then: the engine's state for its runs in flight and for the runs it
 * has queued, and the clients' handles of every run. The collection pauses the pass once, for
 * its length.
 */
final class IoPass {
  static final int STARTERS = 4;
  static final int AWAITERS = 32;
  private static final long SAMPLE_MILLIS = 10;
  /** The share of the most calls in progress seen that counts as at the peak. */
  private static final double NEAR_PEAK = 0.9;

  /** An engine under test: starts a run of the I/O workflow under an id of the caller's. */
  interface Engine {
    Started start(String runId, int stepMillis) throws Exception;
  }

  /** A started run, to be awaited. */
  @FunctionalInterface
  interface Started {
    /** The run's result: the step's time in milliseconds. */
    int await() throws Exception;
  }

  /**
   * One pass.
   *
   * @param runs runs started and completed
   * @param elapsedNanos from the first start to the last result
   * @param latency per run, from its start to its result
   * @param peakInCall the most calls in progress at once, as the step counted them
   * @param inCallAtCollection calls in progress just before the collection at the peak; 0 if the
   *     pass ended before the sampler saw a peak
   * @param heapBefore heap in use after a full collection, the engine up and idle
   * @param heapAtPeak heap in use after the full collection at the peak
   * @param threadsBefore live platform threads before the pass
   * @param threadsAtPeak live platform threads at the collection at the peak, the pass's own
   *     {@link #ownThreads()} included
   * @param maxThreads the most live platform threads sampled during the pass
   * @param onVirtualThreads steps that ran on a virtual thread
   */
  record Result(
      int runs, long elapsedNanos, Samples latency, int peakInCall, int inCallAtCollection,
      long heapBefore, long heapAtPeak, int threadsBefore, int threadsAtPeak, int maxThreads,
      int onVirtualThreads) {
    double runsPerSecond() {
      return runs / (elapsedNanos / 1e9);
    }

    /** Whether the sampler caught the peak and measured the heap there. */
    boolean heapMeasured() {
      return inCallAtCollection > 0;
    }

    /** Bytes of heap per run in flight; see the class comment. */
    double heapPerRunInFlight() {
      return (double) (heapAtPeak - heapBefore) / inCallAtCollection;
    }
  }

  private IoPass() {}

  /** The platform threads a pass adds: starters, awaiters and the sampler. */
  static int ownThreads() {
    return STARTERS + AWAITERS + 1;
  }

  /** Starts {@code runs} runs of a step of {@code stepMillis} on {@code engine}, awaits them. */
  static Result run(Engine engine, IoCall service, int runs, int stepMillis) throws Exception {
    MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    System.gc();
    long heapBefore = memory.getHeapMemoryUsage().getUsed();
    int threadsBefore = threads.getThreadCount();
    service.reset();
    String prefix = UUID.randomUUID() + "-";
    LinkedBlockingQueue<Timed> started = new LinkedBlockingQueue<>();
    AtomicInteger nextStart = new AtomicInteger();
    AtomicInteger nextAwait = new AtomicInteger();
    AtomicInteger startedRuns = new AtomicInteger();
    AtomicLong lastResult = new AtomicLong();
    Samples latency = new Samples();
    Sampler sampler =
        new Sampler(service, () -> startedRuns.get() == runs, Math.max(50, stepMillis / 4));
    Thread sampling = new Thread(sampler, "durable-bench-io-sampler");
    ExecutorService pool = Executors.newFixedThreadPool(STARTERS + AWAITERS);
    ExecutorCompletionService<Void> tasks = new ExecutorCompletionService<>(pool);
    long first = System.nanoTime();
    try {
      sampling.start();
      for (int i = 0; i < STARTERS; i++) {
        tasks.submit(() -> {
          for (int n = nextStart.getAndIncrement(); n < runs; n = nextStart.getAndIncrement()) {
            long from = System.nanoTime();
            started.add(new Timed(engine.start(prefix + n, stepMillis), from));
            startedRuns.incrementAndGet();
          }
          return null;
        });
      }
      for (int i = 0; i < AWAITERS; i++) {
        tasks.submit(() -> {
          while (nextAwait.getAndIncrement() < runs) {
            Timed run = started.take();
            int result = run.started().await();
            long to = System.nanoTime();
            if (result != stepMillis) {
              throw new IllegalStateException("a run of the I/O workflow returned " + result
                  + " instead of " + stepMillis);
            }
            latency.add(to - run.fromNanos());
            lastResult.accumulateAndGet(to, Math::max);
          }
          return null;
        });
      }
      for (int i = 0; i < STARTERS + AWAITERS; i++) {
        tasks.take().get(); // the first failure ends the pass, and the finally stops the others
      }
    } finally {
      pool.shutdownNow();
      sampler.stop();
      sampling.join();
      pool.awaitTermination(1, TimeUnit.MINUTES);
    }
    return new Result(runs, lastResult.get() - first, latency, service.peak(),
        sampler.inCallAtCollection, heapBefore, sampler.heapAtPeak, threadsBefore,
        sampler.threadsAtPeak, sampler.maxThreads, service.onVirtualThreads());
  }

  private record Timed(Started started, long fromNanos) {}

  /**
   * Samples the calls in progress and the live threads every {@value #SAMPLE_MILLIS} ms; once,
   * at the peak of calls in progress, collects the heap and reads what it holds. Its fields are
   * read after it is joined.
   */
  private static final class Sampler implements Runnable {
    private final IoCall service;
    private final BooleanSupplier allStarted;
    private final long holdNanos;
    private volatile boolean stopped;
    private int maxThreads;
    private int inCallAtCollection;
    private long heapAtPeak;
    private int threadsAtPeak;

    Sampler(IoCall service, BooleanSupplier allStarted, long holdMillis) {
      this.service = service;
      this.allStarted = allStarted;
      this.holdNanos = TimeUnit.MILLISECONDS.toNanos(holdMillis);
    }

    void stop() {
      stopped = true;
    }

    @Override
    public void run() {
      ThreadMXBean threads = ManagementFactory.getThreadMXBean();
      int highest = 0;
      long allStartedAt = 0;
      boolean collected = false;
      while (!stopped) {
        int live = threads.getThreadCount();
        maxThreads = Math.max(maxThreads, live);
        int inCall = service.inCall();
        long now = System.nanoTime();
        highest = Math.max(highest, inCall);
        if (allStartedAt == 0 && allStarted.getAsBoolean()) {
          allStartedAt = now;
        }
        if (!collected && inCall > 0 && allStartedAt != 0
            && (inCall >= NEAR_PEAK * highest || now - allStartedAt >= holdNanos)) {
          collected = true;
          inCallAtCollection = inCall;
          threadsAtPeak = live;
          System.gc();
          heapAtPeak = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        }
        try {
          Thread.sleep(SAMPLE_MILLIS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
      }
    }
  }
}
