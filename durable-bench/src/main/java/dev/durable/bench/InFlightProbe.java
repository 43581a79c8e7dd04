package dev.durable.bench;

import dev.durable.runtime.DurableEngine;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The seed of a "runs in flight" phase: one engine holds {@code probe.runs} runs of the I/O
 * workflow in flight at once, each in a step that blocks {@code probe.stepMs} ms, and the probe
 * measures what they cost while their steps wait: heap per run in flight (heap in use after a full
 * collection at the peak of steps in progress, minus the same with the engine up and idle, over the
 * steps in progress), the live platform threads by name, and a class histogram of the live heap at
 * the peak ({@code jcmd GC.class_histogram}, written to {@code probe.out}). Then it waits for every
 * run to complete, counting them in the store.
 *
 * <p>The probe keeps no handle of the runs it starts (unlike phase (j), whose measure includes its
 * clients' handles): what it measures at the peak is the engine's own.
 *
 * <p>{@code java -cp ... dev.durable.bench.InFlightProbe} with {@code -Dprobe.url=<jdbc url>}
 * (PostgreSQL, a schema of its own: {@code ?currentSchema=probe&user=postgres}), {@code
 * -Dprobe.runs=100000}, {@code -Dprobe.stepMs=30000}, {@code -Dprobe.max=<maxConcurrentRuns,
 * default probe.runs; 0 for the engine's default>}, {@code -Dprobe.out=<directory>}, {@code -Dprobe.starters=<threads that start the runs,
 * default 4>}, {@code -Dprobe.warmup=<runs of a 1 ms step first, default 200>}.
 */
public final class InFlightProbe {

  private InFlightProbe() {}

  public static void main(String[] args) throws Exception {
    String url = System.getProperty("probe.url");
    int runs = Integer.getInteger("probe.runs", 10_000);
    int stepMs = Integer.getInteger("probe.stepMs", 30_000);
    int max = Integer.getInteger("probe.max", runs);
    int starters = Integer.getInteger("probe.starters", 4);
    Path out = Path.of(System.getProperty("probe.out", "target/probe"));
    Files.createDirectories(out);
    MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    IoCall service = new IoCall();
    DurableEngine.Builder builder = DurableEngine.builder()
        .jdbcUrl(url)
        .discover(false)
        .register(new IoWorkflowDurable(service));
    if (max > 0) {
      builder.maxConcurrentRuns(max);
    }
    try (DurableEngine engine = builder.build()) {
      engine.start();
      IoWorkflowClient client = IoWorkflowClient.of(engine);
      String prefix = UUID.randomUUID() + "-";
      // warm-up: the code paths loaded and compiled, the pool's connections open; in rounds of
      // up to 1,000 runs at once
      int warmup = Integer.getInteger("probe.warmup", 200);
      for (int from = 0; from < warmup; from += 1000) {
        java.util.List<dev.durable.runtime.RunHandle<Integer>> round = new ArrayList<>();
        for (int i = from; i < Math.min(warmup, from + 1000); i++) {
          round.add(client.start(prefix + "w" + i, 1));
        }
        for (dev.durable.runtime.RunHandle<Integer> handle : round) {
          handle.await(java.time.Duration.ofMinutes(1));
        }
      }
      log("warmed up with %d runs", warmup);
      service.reset();
      long heapIdle = collectedHeap(memory);
      int threadsIdle = threads.getThreadCount();
      log("idle: heap %.1f MiB, platform threads %d", heapIdle / 1048576.0, threadsIdle);

      AtomicInteger next = new AtomicInteger();
      long startedAt = System.nanoTime();
      ArrayList<Thread> starting = new ArrayList<>();
      for (int s = 0; s < starters; s++) {
        Thread t = new Thread(() -> {
          for (int n = next.getAndIncrement(); n < runs; n = next.getAndIncrement()) {
            client.start(prefix + n, stepMs);
          }
        }, "probe-starter-" + s);
        t.start();
        starting.add(t);
      }
      for (Thread t : starting) {
        t.join();
      }
      double startSeconds = (System.nanoTime() - startedAt) / 1e9;
      log("started %d runs in %.1f s (%.0f/s)", runs, startSeconds, runs / startSeconds);

      // the peak: every step in progress, or none more for 2 s, or the first ones ending
      int highest = 0;
      long highestAt = System.nanoTime();
      int maxThreads = 0;
      int target = Math.min(runs, max > 0 ? max : runs);
      while (true) {
        int inCall = service.inCall();
        maxThreads = Math.max(maxThreads, threads.getThreadCount());
        if (inCall > highest) {
          highest = inCall;
          highestAt = System.nanoTime();
        }
        if (inCall >= target || inCall < highest * 0.99
            || System.nanoTime() - highestAt > TimeUnit.SECONDS.toNanos(2)) {
          break;
        }
        Thread.sleep(20);
      }
      double peakSeconds = (System.nanoTime() - startedAt) / 1e9;
      int inCall = service.inCall();
      long heapPeak = collectedHeap(memory);
      int threadsPeak = threads.getThreadCount();
      log("peak after %.1f s: %d steps in progress; heap %.1f MiB (idle %.1f MiB);"
              + " %.0f bytes = %.2f KiB per run in flight; platform threads %d (idle %d)",
          peakSeconds, inCall, heapPeak / 1048576.0, heapIdle / 1048576.0,
          (double) (heapPeak - heapIdle) / inCall, (heapPeak - heapIdle) / 1024.0 / inCall,
          threadsPeak, threadsIdle);
      log("platform threads by name: %s", threadNames(threads));
      histogram(out.resolve("histo-" + runs + ".txt"));
      if (runs <= 10_000) { // a dump of 100,000 virtual threads stops the JVM for seconds
        oneRunsStack(out.resolve("threads-" + runs + ".txt"));
      }

      // every run completes
      long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(stepMs * 3L + 120_000);
      long completed;
      while ((completed = completed(url, prefix)) < runs && System.nanoTime() < deadline) {
        maxThreads = Math.max(maxThreads, threads.getThreadCount());
        Thread.sleep(1000);
      }
      log("%d of %d runs completed after %.1f s; at most %d steps in progress at once; most"
              + " platform threads seen %d", completed, runs,
          (System.nanoTime() - startedAt) / 1e9, service.peak(), maxThreads);
      if (completed < runs) {
        System.exit(1);
      }
    }
  }

  private static long collectedHeap(MemoryMXBean memory) throws InterruptedException {
    System.gc();
    Thread.sleep(200);
    System.gc();
    return memory.getHeapMemoryUsage().getUsed();
  }

  private static Map<String, Integer> threadNames(ThreadMXBean threads) {
    Map<String, Integer> byName = new TreeMap<>();
    for (ThreadInfo info : threads.dumpAllThreads(false, false)) {
      String name = info.getThreadName().replaceAll("-?\\d+$", "-N");
      byName.merge(name, 1, Integer::sum);
    }
    return byName;
  }

  private static void histogram(Path file) throws IOException, InterruptedException {
    long pid = ProcessHandle.current().pid();
    Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
    Process p = new ProcessBuilder(jcmd.toString(), Long.toString(pid), "GC.class_histogram")
        .redirectErrorStream(true).redirectOutput(file.toFile()).start();
    p.waitFor(2, TimeUnit.MINUTES);
    log("histogram written to %s", file);
    java.util.List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    lines.stream().limit(30).forEach(l -> System.out.println("  " + l));
  }

  /** Dumps every thread, virtual ones too, and prints the stack of one run's thread. */
  private static void oneRunsStack(Path file) throws IOException, InterruptedException {
    Files.deleteIfExists(file);
    long pid = ProcessHandle.current().pid();
    Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
    Process p = new ProcessBuilder(jcmd.toString(), Long.toString(pid), "Thread.dump_to_file",
        "-format=text", file.toString()).redirectErrorStream(true).start();
    p.getInputStream().readAllBytes();
    p.waitFor(2, TimeUnit.MINUTES);
    if (!Files.exists(file)) { // Java 17's jcmd has no Thread.dump_to_file
      return;
    }
    java.util.List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    boolean printing = false;
    for (String line : lines) {
      if (!printing && line.contains("durable-run-") && line.contains("virtual")) {
        printing = true;
      } else if (printing && line.isBlank()) {
        break;
      }
      if (printing) {
        System.out.println("  " + line);
      }
    }
  }

  private static long completed(String url, String prefix) throws Exception {
    try (Connection c = DriverManager.getConnection(url);
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT count(*) FROM durable_runs WHERE status = 'COMPLETED'"
            + " AND run_id LIKE '" + prefix + "%' AND run_id NOT LIKE '" + prefix + "w%'")) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private static void log(String format, Object... args) {
    System.out.printf("[probe] " + format + "%n", args);
  }
}
