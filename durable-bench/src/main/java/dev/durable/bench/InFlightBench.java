package dev.durable.bench;

import static dev.durable.bench.Figures.f0;
import static dev.durable.bench.Figures.f1;
import static dev.durable.bench.Figures.f2;
import static dev.durable.bench.Figures.verdict;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.EngineConfig;
import dev.durable.runtime.RunHandle;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Timestamp;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Phase (t), a hundred thousand in flight, PostgreSQL only: what runs in flight cost one engine.
 * {@code bench.inflightRuns} runs of the I/O workflow ({@link IoWorkflow}), each in one step that
 * waits {@code bench.inflightStepMs} ms (a {@code Thread.sleep} standing in for a slow API), are
 * started at once from {@value #STARTERS} threads on one engine; while their steps wait, the phase
 * measures the heap per run in flight, the platform threads and a class histogram of the live heap,
 * then counts the completed runs in the store.
 *
 * <p>On Java 21 and later the runs execute on virtual threads, and the engine is given
 * {@code maxConcurrentRuns} = the runs, as a user who wants them all in flight sets it: 100,000 by
 * default. On Java 17 the engine keeps its defaults (at most {@value
 * EngineConfig#DEFAULT_MAX_CONCURRENT_RUNS_PLATFORM} runs at once, a platform thread each), 1,000
 * runs by default (100,000 would take hours), and the phase shows the note the engine logs at start
 * that virtual threads would hold more.
 *
 * <p>From the repository root, on Java 25 (any JDK 21 or later: the bench JVM is Maven's):
 *
 * <pre>
 * JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64 mvn -q -Pbench package -DskipTests \
 *     -Dbench.store=pg -Dbench.phases=inflight
 * </pre>
 *
 * <p>and on Java 17:
 *
 * <pre>
 * JAVA_HOME=/usr/lib/jvm/java-17-openjdk-amd64 mvn -q -Pbench package -DskipTests \
 *     -Dbench.store=pg -Dbench.phases=inflight
 * </pre>
 *
 * <p>with {@code -Dbench.inflightRuns=}, {@code -Dbench.inflightStepMs=} and {@code
 * -Dbench.inflightWarmup=} to change the runs, the step's wait and the warm-up. The report goes to
 * {@code durable-bench/target/inflight-pg.md}, the two class histograms beside it.
 *
 * <p>The phase keeps no handle of the runs it measures (unlike phase (j), whose figure includes its
 * clients' handles): what it measures at the peak is the engine's own.
 */
final class InFlightBench {
  /** Threads that start the runs; fewer left 100,000 starts slower than the step's 30 s. */
  static final int STARTERS = 32;
  /** Heap per run in flight at most this, on Java 21 and later. */
  static final double HEAP_PER_RUN_TARGET_KIB = 8;
  /**
   * Platform threads the engine may add beyond those it had idle and the ones its runs take
   * where they take one each: bounded, whatever the runs in flight.
   */
  static final int THREADS_HEADROOM = 64;
  static final int WARMUP_STEP_MILLIS = 1;
  /** Warm-up runs started at once, then awaited, before the next ones. */
  static final int WARMUP_ROUND = 1_000;
  /** Classes shown from the histogram: those that grew most from idle to the peak. */
  static final int HISTOGRAM_CLASSES = 12;
  /** How the engine's note on platform threads begins (logged at INFO at start). */
  static final String PLATFORM_NOTE = "runs execute on platform threads";
  /**
   * Where the engine logs its ready line and the note, at INFO: the engine's logger as the guide's
   * logging table names it (chapter 17), not a class of it.
   */
  private static final String ENGINE_LOGGER = "dev.durable.runtime.internal.engine";
  private static final long SAMPLE_MILLIS = 10;
  /** Once every run is started, the peak is held this long without a rise at most. */
  private static final long PEAK_HOLD_MILLIS = 2_000;
  private static final Pattern HISTOGRAM_LINE =
      Pattern.compile("^\\s*\\d+:\\s+(\\d+)\\s+(\\d+)\\s+(\\S+)");

  /** One class's growth from idle to the peak, per run in flight. */
  record ClassGrowth(String className, double instancesPerRun, double bytesPerRun) {}

  /**
   * The phase's figures.
   *
   * @param limit the runs the engine executes at once: as set, or its default
   * @param limitSet whether the phase set {@code maxConcurrentRuns} (Java 21 and later)
   * @param warmupNanos the warm-up, all rounds
   * @param startNanos from the first start to the last start's return
   * @param peakNanos from the first start to the collection at the peak
   * @param inFlightAtPeak steps in progress just before the collection at the peak
   * @param runningAtPeak measured runs RUNNING in the store just before the collection at the
   *     peak: claimed by the engine and not ended, their step in progress or not
   * @param mostInFlight the most steps in progress at once
   * @param heapIdle heap in use after a full collection, the engine up, warmed up and idle
   * @param heapAtPeak heap in use after a full collection at the peak
   * @param threadsIdle live platform threads, the engine idle
   * @param threadsAtPeak live platform threads at the peak (starters ended)
   * @param maxThreads the most live platform threads sampled from the first start to the last
   *     completion, the phase's starters and sampler included
   * @param completed measured runs completed, counted in the store
   * @param lastCompletedNanos from the first run's creation to the last one's completion, as the
   *     store has them; 0 if none completed
   * @param engineLines the ready line and the note as the engine logged them at start
   * @param histogram the classes that grew most, per run in flight; empty without jcmd
   */
  record Result(
      String java, boolean virtualThreads, long maxHeap, int runs, int stepMillis, int warmupRuns,
      int limit, boolean limitSet, long warmupNanos, long startNanos, long peakNanos,
      int inFlightAtPeak, long runningAtPeak, int mostInFlight, long heapIdle, long heapAtPeak,
      int threadsIdle, int threadsAtPeak, int maxThreads, long completed, long lastCompletedNanos,
      List<String> engineLines, List<ClassGrowth> histogram) {
    Result {
      engineLines = List.copyOf(engineLines);
      histogram = List.copyOf(histogram);
    }

    double heapPerRunInFlight() {
      return inFlightAtPeak == 0 ? 0 : (double) (heapAtPeak - heapIdle) / inFlightAtPeak;
    }

    /** Whether the first runs' steps ended before the last run was started. */
    boolean startsOutlastedAStep() {
      return startNanos > TimeUnit.MILLISECONDS.toNanos(stepMillis);
    }

    Optional<String> platformNote() {
      return engineLines.stream().filter(line -> line.contains(PLATFORM_NOTE)).findFirst();
    }

    /** The most platform threads the phase allows: see {@link #THREADS_HEADROOM}. */
    int threadsBound() {
      return threadsIdle + STARTERS + 1 + (virtualThreads ? 0 : limit) + THREADS_HEADROOM;
    }
  }

  private InFlightBench() {}

  /** The phase alone, with its targets. */
  static Report alone(Database database, BenchConfig config, Consumer<String> progress)
      throws Exception {
    database.settle();
    Result result = run(database, config, progress);
    Report report = new Report();
    report.heading("Durable: runs in flight on " + database.product());
    report.lines("Store: " + database.where() + ".",
        String.format(Locale.ROOT, "Machine: %d CPUs, load average %.2f before the phase;"
            + " database and benchmark share the CPUs.",
            Runtime.getRuntime().availableProcessors(),
            ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage()));
    report(report, result);
    report.heading("Targets");
    targets(report.table("target", "required", "measured", "result"), result);
    return report;
  }

  /** Measures the phase on {@code database}, with histograms written to {@code config.out()}. */
  static Result run(Database database, BenchConfig config, Consumer<String> progress)
      throws Exception {
    int runs = config.inflightRuns();
    int stepMillis = config.inflightStepMs();
    int warmupRuns = config.inflightWarmup();
    boolean virtual = IoCall.virtualThreadsAvailable();
    int limit = virtual ? runs : EngineConfig.DEFAULT_MAX_CONCURRENT_RUNS_PLATFORM;
    progress.accept("(t) in flight: " + f0(runs) + " runs of one " + f0(stepMillis)
        + " ms step, started at once from " + STARTERS + " threads; Java "
        + System.getProperty("java.version") + ", " + (virtual
            ? "virtual threads, maxConcurrentRuns " + f0(runs)
            : "no virtual threads, the engine's defaults"));
    MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    IoCall service = new IoCall();
    DurableEngine.Builder builder = DurableEngine.builder()
        .jdbcUrl(database.jdbcUrl())
        .discover(false)
        .register(new IoWorkflowDurable(service));
    if (virtual) {
      builder.maxConcurrentRuns(runs);
    }
    List<String> engineLines = new ArrayList<>();
    try (DurableEngine engine = startCapturingLog(builder, engineLines)) {
      engineLines.forEach(line -> progress.accept("(t) the engine logged: " + line));
      IoWorkflowClient client = IoWorkflowClient.of(engine);

      // the warm-up: code paths loaded and compiled, the pool's connections open. A long one: a
      // virtual thread's stack chunk holds its frames as they are, and interpreted frames are
      // larger than compiled ones, so runs in flight measured after a short warm-up (the probe's
      // 200 runs) held more heap each than after ~30,000
      long warmupFrom = System.nanoTime();
      String warmupPrefix = UUID.randomUUID() + "-w";
      for (int from = 0; from < warmupRuns; from += WARMUP_ROUND) {
        List<RunHandle<Integer>> round = new ArrayList<>();
        for (int i = from; i < Math.min(warmupRuns, from + WARMUP_ROUND); i++) {
          round.add(client.start(warmupPrefix + i, WARMUP_STEP_MILLIS));
        }
        for (RunHandle<Integer> handle : round) {
          handle.await(Duration.ofMinutes(2));
        }
      }
      long warmupNanos = System.nanoTime() - warmupFrom;
      progress.accept("(t) warmed up with " + f0(warmupRuns) + " runs of a " + WARMUP_STEP_MILLIS
          + " ms step in " + seconds(warmupNanos));
      service.reset();
      long heapIdle = collectedHeap(memory);
      int threadsIdle = threads.getThreadCount();
      Map<String, long[]> histogramIdle =
          histogram(config.out().resolve("inflight-histogram-idle.txt"));
      progress.accept("(t) idle: heap " + mib(heapIdle) + ", " + threadsIdle
          + " platform threads");

      String prefix = UUID.randomUUID() + "-r";
      ThreadPeak threadPeak = new ThreadPeak(threads);
      AtomicInteger next = new AtomicInteger();
      long first = System.nanoTime();
      List<Thread> starters = new ArrayList<>();
      for (int s = 0; s < STARTERS; s++) {
        Thread starter = new Thread(() -> {
          for (int n = next.getAndIncrement(); n < runs; n = next.getAndIncrement()) {
            client.start(prefix + n, stepMillis);
          }
        }, "durable-bench-inflight-starter-" + s);
        starter.start();
        starters.add(starter);
      }
      for (Thread starter : starters) {
        starter.join();
      }
      long startNanos = System.nanoTime() - first;
      progress.accept("(t) started " + f0(runs) + " runs in " + seconds(startNanos) + " ("
          + f0(runs / (startNanos / 1e9)) + " runs/s)");

      // the peak, once every run is started: as many steps in progress as the engine executes at
      // once, or no rise for a while, or the first steps ending
      int target = Math.min(runs, limit);
      int highest = 0;
      long highestAt = System.nanoTime();
      while (true) {
        int inCall = service.inCall();
        if (inCall > highest) {
          highest = inCall;
          highestAt = System.nanoTime();
        }
        if (inCall >= target || inCall < highest * 0.99
            || System.nanoTime() - highestAt > TimeUnit.MILLISECONDS.toNanos(PEAK_HOLD_MILLIS)) {
          break;
        }
        Thread.sleep(20);
      }
      int inFlightAtPeak = service.inCall();
      int threadsAtPeak = threads.getThreadCount();
      long runningAtPeak = running(database, prefix);
      long heapAtPeak = collectedHeap(memory);
      long peakNanos = System.nanoTime() - first;
      progress.accept(String.format(Locale.ROOT, "(t) peak after %s: %s steps in progress, %s runs"
              + " RUNNING; heap %s (idle %s), %s KiB per run in flight; %d platform threads (idle %d)",
          seconds(peakNanos), f0(inFlightAtPeak), f0(runningAtPeak), mib(heapAtPeak), mib(heapIdle),
          f2((heapAtPeak - heapIdle) / 1024.0 / Math.max(1, inFlightAtPeak)), threadsAtPeak,
          threadsIdle));
      Map<String, long[]> histogramPeak =
          histogram(config.out().resolve("inflight-histogram-peak.txt"));

      // every run completes: as many waves of the step as the limit makes, and ten minutes more
      long waves = (runs + limit - 1) / limit;
      long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(waves * stepMillis)
          + TimeUnit.MINUTES.toNanos(10);
      Completion completion;
      while ((completion = completion(database, prefix)).count() < runs
          && System.nanoTime() < deadline) {
        Thread.sleep(1000);
      }
      int maxThreads = threadPeak.stop();
      progress.accept("(t) " + f0(completion.count()) + " of " + f0(runs) + " runs completed, the"
          + " last " + seconds(completion.lastNanos()) + " after the first was created; at most "
          + f0(service.peak()) + " steps in progress at once, " + maxThreads
          + " platform threads at most");
      return new Result(System.getProperty("java.version"), virtual,
          Runtime.getRuntime().maxMemory(), runs, stepMillis, warmupRuns, limit, virtual,
          warmupNanos, startNanos, peakNanos, inFlightAtPeak, runningAtPeak, service.peak(),
          heapIdle,
          heapAtPeak, threadsIdle, threadsAtPeak, maxThreads, completion.count(),
          completion.lastNanos(), engineLines,
          growth(histogramIdle, histogramPeak, inFlightAtPeak));
    }
  }

  /**
   * Builds and starts the engine while copying what is written to {@code System.err}, where
   * slf4j-simple writes, and adds to {@code lines} the engine's ready line and its note on platform
   * threads. The engine logs them at INFO, and the bench's logging shows warnings only, so the
   * engine's logger is set to INFO first, unless set otherwise already; it takes effect where the
   * engine's logger is created after this, as it is when this phase runs alone.
   */
  private static DurableEngine startCapturingLog(DurableEngine.Builder builder, List<String> lines) {
    String level = "org.slf4j.simpleLogger.log." + ENGINE_LOGGER;
    if (System.getProperty(level) == null) {
      System.setProperty(level, "info");
    }
    PrintStream err = System.err;
    ByteArrayOutputStream copy = new ByteArrayOutputStream();
    System.setErr(new PrintStream(new OutputStream() {
      @Override
      public void write(int b) {
        err.write(b);
        copy.write(b);
      }

      @Override
      public void write(byte[] bytes, int offset, int length) {
        err.write(bytes, offset, length);
        copy.write(bytes, offset, length);
      }

      @Override
      public void flush() {
        err.flush();
      }
    }, true, StandardCharsets.UTF_8));
    DurableEngine engine = builder.build();
    try {
      engine.start();
    } catch (RuntimeException | Error e) {
      engine.close();
      throw e;
    } finally {
      System.err.flush();
      System.setErr(err);
    }
    copy.toString(StandardCharsets.UTF_8).lines()
        .filter(line -> line.contains(" ready on ") || line.contains(PLATFORM_NOTE))
        .forEach(lines::add);
    return engine;
  }

  private static long collectedHeap(MemoryMXBean memory) throws InterruptedException {
    System.gc();
    Thread.sleep(200);
    System.gc();
    return memory.getHeapMemoryUsage().getUsed();
  }

  /**
   * The live heap by class, instances and bytes, as {@code jcmd GC.class_histogram} reads it (after
   * a full collection of its own), written to {@code file}; empty where the JDK has no jcmd.
   */
  private static Map<String, long[]> histogram(Path file)
      throws IOException, InterruptedException {
    Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
    Map<String, long[]> byClass = new HashMap<>();
    if (!Files.isExecutable(jcmd)) {
      return byClass;
    }
    Files.createDirectories(file.toAbsolutePath().getParent());
    Process process = new ProcessBuilder(jcmd.toString(),
        Long.toString(ProcessHandle.current().pid()), "GC.class_histogram")
        .redirectErrorStream(true).redirectOutput(file.toFile()).start();
    if (!process.waitFor(2, TimeUnit.MINUTES)) {
      process.destroyForcibly();
      return byClass;
    }
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      Matcher m = HISTOGRAM_LINE.matcher(line);
      if (m.find()) {
        byClass.merge(m.group(3), new long[] {Long.parseLong(m.group(1)),
            Long.parseLong(m.group(2))}, (a, b) -> new long[] {a[0] + b[0], a[1] + b[1]});
      }
    }
    return byClass;
  }

  /** The classes whose live bytes grew most from idle to the peak, per run in flight. */
  private static List<ClassGrowth> growth(
      Map<String, long[]> idle, Map<String, long[]> peak, int inFlight) {
    if (idle.isEmpty() || peak.isEmpty() || inFlight == 0) {
      return List.of();
    }
    long[] none = {0, 0};
    return peak.entrySet().stream()
        .map(e -> {
          long[] before = idle.getOrDefault(e.getKey(), none);
          return new ClassGrowth(e.getKey(), (double) (e.getValue()[0] - before[0]) / inFlight,
              (double) (e.getValue()[1] - before[1]) / inFlight);
        })
        .sorted(Comparator.comparingDouble(ClassGrowth::bytesPerRun).reversed())
        .limit(HISTOGRAM_CLASSES)
        .toList();
  }

  private static long running(Database database, String prefix) throws Exception {
    try (Connection connection = database.connect();
        PreparedStatement select = connection.prepareStatement(
            "SELECT COUNT(*) FROM durable_runs WHERE status = 'RUNNING' AND run_id LIKE ?")) {
      select.setString(1, prefix + "%");
      try (ResultSet rows = select.executeQuery()) {
        rows.next();
        return rows.getLong(1);
      }
    }
  }

  /** The measured runs completed, and from the first's creation to the last's completion. */
  private record Completion(long count, long lastNanos) {}

  private static Completion completion(Database database, String prefix) throws Exception {
    try (Connection connection = database.connect();
        PreparedStatement select = connection.prepareStatement(
            "SELECT COUNT(*), MIN(created_at), MAX(updated_at) FROM durable_runs"
                + " WHERE status = 'COMPLETED' AND run_id LIKE ?")) {
      select.setString(1, prefix + "%");
      try (ResultSet rows = select.executeQuery()) {
        rows.next();
        long count = rows.getLong(1);
        Timestamp from = rows.getTimestamp(2);
        Timestamp to = rows.getTimestamp(3);
        return new Completion(count,
            count == 0 ? 0 : Duration.between(from.toInstant(), to.toInstant()).toNanos());
      }
    }
  }

  /**
   * The most live platform threads, sampled every {@value #SAMPLE_MILLIS} ms on a thread of its
   * own from construction until {@link #stop}.
   */
  private static final class ThreadPeak {
    private final Thread sampler;
    private volatile boolean stopped;
    private volatile int max;

    ThreadPeak(ThreadMXBean threads) {
      sampler = new Thread(() -> {
        while (!stopped) {
          max = Math.max(max, threads.getThreadCount());
          try {
            Thread.sleep(SAMPLE_MILLIS);
          } catch (InterruptedException e) {
            return;
          }
        }
      }, "durable-bench-inflight-sampler");
      sampler.setDaemon(true);
      sampler.start();
    }

    int stop() throws InterruptedException {
      stopped = true;
      sampler.join();
      return max;
    }
  }

  /** The phase's section of a report. */
  static void report(Report report, Result r) {
    report.heading("(t) " + f0(r.runs()) + " runs in flight: one step that waits "
        + f0(r.stepMillis()) + " ms, started at once");
    report.lines(
        "Java " + r.java() + ", " + (r.virtualThreads()
            ? "virtual threads (Java 21 and later)" : "no virtual threads (before Java 21)")
            + ", heap " + r.maxHeap() / (1 << 20) + " MiB (-Xmx).",
        r.limitSet()
            ? "One engine given a JDBC URL, the workflow and maxConcurrentRuns = " + f0(r.runs())
                + ", as a user who wants them all in flight sets it; nothing else set."
            : "One engine with its defaults: a JDBC URL and the workflow, nothing else set, so at"
                + " most " + f0(r.limit()) + " runs at once (maxConcurrentRuns' default on"
                + " platform threads).",
        "The workflow: one @Step that blocks in Thread.sleep(" + r.stepMillis() + " ms), standing"
            + " in for a slow API. Warm-up: " + f0(r.warmupRuns()) + " runs of a "
            + WARMUP_STEP_MILLIS + " ms step, " + f0(WARMUP_ROUND) + " at a time, in "
            + seconds(r.warmupNanos()) + ". Then the runs are started from " + STARTERS
            + " threads as fast as the engine takes them; the phase keeps no handle of them.",
        "Heap per run in flight: heap in use after a full collection at the peak of steps in"
            + " progress, minus the same with the engine up, warmed up and idle, over the steps in"
            + " progress just before the collection. Platform threads as the JVM counts them"
            + " (virtual threads not included); the most seen includes the phase's " + STARTERS
            + " starters and its sampler. Completed: counted in the store; the time is from the"
            + " first run's creation to the last one's completion, as the store has them.");
    if (!r.virtualThreads()) {
      report.lines("On platform threads a run's stack lies outside the heap (a thread's stack, 1"
          + " MiB reserved by default), and the idle count of platform threads already holds the"
          + " run threads the warm-up left in the engine's pool; the heap per run in flight counts"
          + " only objects, over " + f0(r.inFlightAtPeak()) + " runs, so it is mostly noise.");
    }
    if (r.startsOutlastedAStep()) {
      report.lines("Starting the runs took " + seconds(r.startNanos()) + ", longer than their "
          + f0(r.stepMillis()) + " ms step: the first runs' steps had ended before the last run"
          + " was started, so fewer than all were in flight at once, and at the collection some"
          + " runs had ended their step and were not yet completed (RUNNING in the store, not in"
          + " their step), so the heap over steps in progress overstates a run's share. A longer"
          + " step (-Dbench.inflightStepMs) or a quieter machine holds them all at once.");
    }
    if (r.engineLines().isEmpty()) {
      report.lines("The engine's start log was not seen (its logger was set up before the phase,"
          + " or it logs elsewhere than slf4j-simple's System.err).");
    } else {
      report.lines("The engine logged at start:");
      report.code(r.engineLines());
    }
    Report.TableBuilder table = report.table("figure", "measured");
    table.row("runs started", f0(r.runs()) + " in " + seconds(r.startNanos()) + " ("
        + f0(r.runs() / (r.startNanos() / 1e9)) + " runs/s)");
    table.row("steps in progress at the peak (collection " + seconds(r.peakNanos())
        + " after the first start)", f0(r.inFlightAtPeak()));
    table.row("runs RUNNING in the store at the collection", f0(r.runningAtPeak()));
    table.row("most steps in progress at once", f0(r.mostInFlight()));
    table.row("heap in use after a full collection: idle / at the peak",
        mib(r.heapIdle()) + " / " + mib(r.heapAtPeak()) + " of " + mib(r.maxHeap()));
    table.row("heap per run in flight (over steps in progress)", heapPerRun(r));
    table.row("heap per run RUNNING in the store", r.runningAtPeak() == 0 ? "(none)"
        : f2((r.heapAtPeak() - r.heapIdle()) / 1024.0 / r.runningAtPeak()) + " KiB");
    table.row("platform threads: idle / at the peak / most", r.threadsIdle() + " / "
        + r.threadsAtPeak() + " / " + r.maxThreads());
    table.row("runs completed (in the store)", f0(r.completed()) + " of " + f0(r.runs()));
    table.row("first created to last completed", seconds(r.lastCompletedNanos()));
    if (!r.histogram().isEmpty()) {
      report.lines("The live heap's growth from idle to the peak by class, per run in flight"
          + " (jcmd GC.class_histogram), the " + r.histogram().size() + " classes that grew"
          + " most:");
      Report.TableBuilder classes = report.table("class", "instances per run", "bytes per run");
      for (ClassGrowth c : r.histogram()) {
        classes.row(c.className(), f2(c.instancesPerRun()), f0(c.bytesPerRun()));
      }
    }
  }

  /** The phase's rows of a targets table (target, required, measured, result). */
  static void targets(Report.TableBuilder table, Result r) {
    String heap = heapPerRun(r);
    boolean heapPass = r.inFlightAtPeak() > 0
        && r.heapPerRunInFlight() <= HEAP_PER_RUN_TARGET_KIB * 1024;
    table.row("(t) heap per run in flight, Java 21+", "<= " + f0(HEAP_PER_RUN_TARGET_KIB)
        + " KiB", heap, r.virtualThreads() ? verdict(heapPass)
        : "(set for Java 21+; " + verdict(heapPass) + ")");
    int expected = Math.min(r.runs(), r.limit());
    table.row(r.limitSet() ? "(t) every run in flight at once (maxConcurrentRuns = runs)"
            : "(t) runs in flight at once: the default maxConcurrentRuns on platform threads",
        "= " + f0(expected), f0(r.mostInFlight()), verdict(r.mostInFlight() == expected));
    table.row("(t) platform threads bounded: idle + the phase's " + (STARTERS + 1)
            + (r.virtualThreads() ? "" : " + one per run in flight") + " + " + THREADS_HEADROOM,
        "<= " + r.threadsBound(), Integer.toString(r.maxThreads()),
        verdict(r.maxThreads() <= r.threadsBound()));
    table.row("(t) every run completed, counted in the store", "= " + f0(r.runs()),
        f0(r.completed()), verdict(r.completed() == r.runs()));
    table.row("(t) heap in use at the peak leaves half the -Xmx free", "<= "
        + mib(r.maxHeap() / 2), mib(r.heapAtPeak()), verdict(r.heapAtPeak() <= r.maxHeap() / 2));
    if (r.virtualThreads()) {
      table.row("(t) no note on platform threads at start (runs on virtual threads)", "none",
          r.platformNote().isPresent() ? "logged" : "none",
          verdict(r.platformNote().isEmpty()));
    } else {
      table.row("(t) the engine notes at start that virtual threads would hold more",
          "\"" + PLATFORM_NOTE + ": ... Java 21 or later ...\"",
          r.platformNote().isPresent() ? "logged" : "not seen",
          verdict(r.platformNote().filter(note -> note.contains("Java 21 or later"))
              .isPresent()));
    }
  }

  private static String heapPerRun(Result r) {
    return r.inFlightAtPeak() == 0 ? "(no step in progress at the peak)"
        : f2(r.heapPerRunInFlight() / 1024) + " KiB";
  }

  private static String mib(long bytes) {
    return f1(bytes / 1048576.0) + " MiB";
  }

  private static String seconds(long nanos) {
    return String.format(Locale.ROOT, "%.1f s", nanos / 1e9);
  }
}
