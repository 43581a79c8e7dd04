package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.RunHandle;
import dev.durable.tests.support.Await;
import dev.durable.tests.support.ThreadProbe;
import dev.durable.tests.workflows.ThreadProbeWorkflowClient;
import dev.durable.tests.workflows.ThreadProbeWorkflowDurable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Runs in flight: on which threads they execute (virtual threads on Java 21 and later, platform
 * threads on Java 17), and that a run waiting for its step holds no database connection. The
 * Surefire execution on the second JDK ({@code DURABLE_JDK21}) runs this class there too.
 */
class RunsInFlightTest extends OnEachStore {
  private static final Duration RUNS_END = Duration.ofSeconds(60);

  @Test
  void runsAndTheirTimedStepsExecuteOnVirtualThreadsOnJava21AndOnPlatformThreadsOnJava17() {
    int runs = 20;
    ThreadProbe probe = new ThreadProbe(1);
    boolean virtual = ThreadProbe.jvmHasVirtualThreads();
    try (DurableEngine engine = db.engine().register(new ThreadProbeWorkflowDurable(probe))
        .build()) {
      engine.start();
      List<RunHandle<String>> started = start(engine, runs);
      String kind = virtual ? "virtual" : "platform";
      for (RunHandle<String> run : started) {
        assertEquals(kind + "," + kind, run.await(RUNS_END), run.id());
      }
      // a platform pool's threads outlive their runs; virtual threads are not listed here
      List<String> platformRunThreads = Thread.getAllStackTraces().keySet().stream()
          .map(Thread::getName).filter(name -> name.startsWith("durable-run-")).toList();
      assertEquals(!virtual, !platformRunThreads.isEmpty(),
          "platform threads that executed runs: " + platformRunThreads);
    }
    Map<String, ThreadProbe.Seen> seen = probe.seen();
    assertEquals(2 * runs, seen.size(), seen.toString());
    seen.forEach((where, thread) -> {
      assertEquals(virtual, thread.virtual(), where + " ran on " + thread);
      String prefix = where.endsWith("/timed") ? "durable-step-" : "durable-run-";
      assertTrue(thread.name().startsWith(prefix), where + " ran on " + thread);
    });
  }

  @Test
  void virtualThreadsFalseKeepsRunsOnPlatformThreads() {
    ThreadProbe probe = new ThreadProbe(1);
    try (DurableEngine engine = db.engine().virtualThreads(false)
        .register(new ThreadProbeWorkflowDurable(probe)).build()) {
      engine.start();
      for (RunHandle<String> run : start(engine, 3)) {
        assertEquals("platform,platform", run.await(RUNS_END), run.id());
      }
    }
  }

  /**
   * Fifty runs are inside their steps at the same moment on an engine whose pool has six
   * connections: each step waits until all fifty are inside, which only happens if no run holds a
   * connection while its step executes.
   */
  @Test
  void fiftyRunsAreInsideTheirStepsAtOnceOnAPoolOfSixConnections() {
    int runs = 50;
    ThreadProbe probe = new ThreadProbe(runs);
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(db.jdbcUrl());
    config.setMaximumPoolSize(6);
    config.setPoolName("runs-in-flight");
    try (HikariDataSource pool = new HikariDataSource(config);
        DurableEngine engine = DurableEngine.builder().dataSource(pool).discover(false)
            .maxConcurrentRuns(runs).register(new ThreadProbeWorkflowDurable(probe)).build()) {
      engine.start();
      List<RunHandle<String>> started = start(engine, runs);
      Await.until("all " + runs + " runs are inside their first step at once",
          Duration.ofSeconds(60), Duration.ofMillis(50), () -> probe.awaited() == 0);
      for (RunHandle<String> run : started) {
        run.await(RUNS_END);
      }
    }
    assertEquals(2 * runs, probe.seen().size());
  }

  private static List<RunHandle<String>> start(DurableEngine engine, int runs) {
    List<RunHandle<String>> started = new ArrayList<>();
    for (int n = 0; n < runs; n++) {
      started.add(ThreadProbeWorkflowClient.of(engine).start("probe-" + n, "p" + n));
    }
    return started;
  }
}
