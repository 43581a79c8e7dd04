package dev.durable.bench;

import java.nio.file.Path;
import java.util.List;

/**
 * What to run, from system properties: {@code bench.store} ({@code pg}, {@code h2} or {@code
 * both}), {@code bench.runs} (measured runs of the concurrent phase per engine, split over {@link
 * Interleaved#ROUNDS} rounds; the sequential phase measures a quarter as many, at least 200),
 * {@code bench.sleeping} (sleeping runs of the large poll measurement), {@code bench.search} (runs
 * of the run search phase), {@code bench.phases} ({@code all}, {@code main} for phases (a) to (f)
 * and (h), {@code search} for (g), {@code dbos} for (a), (b) and (h), the comparison with DBOS
 * Transact in alternating rounds, {@code long} for (i), {@code io} for (j), {@code observe} for
 * (k), {@code overview} for (n), {@code timeline} for (o), {@code codec} for (p), {@code pause} for
 * (q), {@code scale} for (r), {@code fill} for (s), {@code inflight} for (t), {@code triggers}
 * for (u), or {@code lateness},
 * {@code dispatch} or {@code poll} for (c), (e) or (d) alone, {@code queue} for (l)), {@code
 * bench.ioRuns} and {@code bench.ioStepMs} (the runs of phase (j) and its step's time), {@code
 * bench.paused} (the runs phase (q) pauses in each round), {@code bench.scaleRuns} (the runs of
 * three instant steps of phase (r)), {@code bench.scaleShapes} (phase (r)'s workloads, some of
 * {@code io,io-queued,instant,instant-queued}, all by default), {@code bench.ended} and {@code
 * bench.purged} (the ended runs phase (s) puts in its filled store, and those it purges), {@code
 * bench.inflightRuns}, {@code bench.inflightStepMs} and {@code bench.inflightWarmup} (phase (t)'s
 * runs, 100,000 on Java 21 and later and 1,000 before, its step's time and its warm-up's runs),
 * {@code bench.triggerMessages} and {@code bench.triggerBrokers} (the messages of each pass of
 * phase (u), {@code triggers}, and its brokers, some of {@code nats,rabbitmq,kafka}, all by
 * default),
 * {@code bench.out} (where the Markdown results go), and the PostgreSQL URL from the environment
 * variable {@code DURABLE_PG_URL}.
 */
record BenchConfig(
    List<String> stores, int runs, int sleeping, int search, boolean main, boolean searchPhase,
    boolean dbosPhase, boolean latenessOnly, boolean dispatchOnly, String pgUrl, Path out,
    boolean longPhase, boolean ioPhase, boolean ioOnly, int ioRuns, int ioStepMs,
    boolean pollOnly, boolean observePhase, boolean observeOnly, boolean queueOnly,
    boolean overviewOnly, boolean timelineOnly, boolean codecOnly, boolean pauseOnly,
    int paused, boolean scaleOnly, int scaleRuns, boolean fillOnly, int ended, int purged,
    boolean inflightOnly, int inflightRuns, int inflightStepMs, int inflightWarmup,
    List<String> scaleShapes, boolean triggersOnly, int triggerMessages,
    List<String> triggerBrokers) {
  static final String DEFAULT_PG_URL = "jdbc:postgresql://127.0.0.1:5432/test?user=postgres";

  static BenchConfig fromSystemProperties() {
    String store = System.getProperty("bench.store", "both");
    List<String> stores =
        switch (store) {
          case "both" -> List.of("pg", "h2");
          case "pg", "h2" -> List.of(store);
          default -> throw new IllegalArgumentException(
              "bench.store must be pg, h2 or both, but was '" + store + "'");
        };
    int sleeping = positive("bench.sleeping", 1_000_000);
    if (sleeping <= PollBench.SMALL) {
      throw new IllegalArgumentException(
          "bench.sleeping must be more than " + PollBench.SMALL + ", but was " + sleeping);
    }
    String phases = System.getProperty("bench.phases", "all").strip();
    if (!List.of("all", "main", "search", "dbos", "long", "io", "observe", "lateness", "dispatch",
        "poll", "queue", "overview", "timeline", "codec", "pause", "scale", "fill", "inflight",
        "triggers")
        .contains(phases)) {
      throw new IllegalArgumentException(
          "bench.phases must be all, main (phases a to f and h), search (phase g), dbos (phases"
              + " a, b and h), long (phase i), io (phase j), observe (phase k), lateness (phase c),"
              + " dispatch (phase e), poll (phase d), queue (phase l), dashboard (phase m) or"
              + " overview (phase n), timeline (phase o), codec (phase p), pause (phase q),"
              + " scale (phase r), fill (phase s), inflight (phase t) or triggers (phase u), but"
              + " was '" + phases + "'");
    }
    String pgUrl = System.getenv("DURABLE_PG_URL");
    return new BenchConfig(
        stores,
        positive("bench.runs", 8000),
        sleeping,
        positive("bench.search", 1_000_000),
        phases.equals("all") || phases.equals("main"),
        phases.equals("all") || phases.equals("search"),
        List.of("all", "main", "dbos").contains(phases),
        phases.equals("lateness"),
        phases.equals("dispatch"),
        pgUrl == null || pgUrl.isBlank() ? DEFAULT_PG_URL : pgUrl,
        Path.of(System.getProperty("bench.out", "target")),
        phases.equals("all") || phases.equals("long"),
        phases.equals("all"),
        phases.equals("io"),
        positive("bench.ioRuns", 5000),
        positive("bench.ioStepMs", 1000),
        phases.equals("poll"),
        phases.equals("all"),
        phases.equals("observe"),
        phases.equals("queue"),
        phases.equals("overview"),
        phases.equals("timeline"),
        phases.equals("codec"),
        phases.equals("pause"),
        positive("bench.paused", 100_000),
        phases.equals("scale"),
        positive("bench.scaleRuns", 20_000),
        phases.equals("fill"),
        positive("bench.ended", 5_000_000),
        positive("bench.purged", 1_000_000),
        phases.equals("inflight"),
        // without virtual threads, at most 128 at once: 100,000 runs of a 30 s step would take hours
        positive("bench.inflightRuns", IoCall.virtualThreadsAvailable() ? 100_000 : 1_000),
        positive("bench.inflightStepMs", 30_000),
        positive("bench.inflightWarmup", 30_000),
        scaleShapesOf(System.getProperty("bench.scaleShapes", "")),
        phases.equals("triggers"),
        positive("bench.triggerMessages", 20_000),
        triggerBrokersOf(System.getProperty("bench.triggerBrokers", "")));
  }

  private static List<String> scaleShapesOf(String value) {
    List<String> all = List.of("io", "io-queued", "instant", "instant-queued");
    if (value.isBlank()) {
      return all;
    }
    List<String> shapes = List.of(value.strip().split("\\s*,\\s*"));
    if (!all.containsAll(shapes)) {
      throw new IllegalArgumentException("bench.scaleShapes must name some of " + all
          + ", separated by commas, but was '" + value + "'");
    }
    return shapes;
  }

  private static List<String> triggerBrokersOf(String value) {
    if (value.isBlank()) {
      return TriggerSource.BROKERS;
    }
    List<String> brokers = List.of(value.strip().split("\\s*,\\s*"));
    if (!TriggerSource.BROKERS.containsAll(brokers)) {
      throw new IllegalArgumentException("bench.triggerBrokers must name some of "
          + TriggerSource.BROKERS + ", separated by commas, but was '" + value + "'");
    }
    return brokers;
  }

  /** Whether only phases (a), (b) and (h) run: {@code bench.phases=dbos}. */
  boolean dbosAlone() {
    return dbosPhase && !main;
  }

  /** Runs of the sequential phase: a quarter of the concurrent phase's, at least 200. */
  int sequentialRuns() {
    return Math.max(200, runs / 4);
  }

  private static int positive(String property, int defaultValue) {
    String value = System.getProperty(property);
    if (value == null || value.isBlank()) {
      return defaultValue;
    }
    int parsed;
    try {
      parsed = Integer.parseInt(value.strip());
    } catch (NumberFormatException e) {
      parsed = 0;
    }
    if (parsed < 1) {
      throw new IllegalArgumentException(
          property + " must be a positive whole number, but was '" + value + "'");
    }
    return parsed;
  }
}
