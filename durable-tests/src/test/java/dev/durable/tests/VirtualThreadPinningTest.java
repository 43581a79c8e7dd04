package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.DurableWorker;
import dev.durable.runtime.RunHandle;
import dev.durable.tests.support.ThreadProbe;
import dev.durable.tests.workflows.NapWorkflowClient;
import dev.durable.tests.workflows.NapWorkflowDurable;
import dev.durable.tests.workflows.Order;
import dev.durable.tests.workflows.PricingSteps;
import dev.durable.tests.workflows.PricingStepsDispatch;
import dev.durable.tests.workflows.RemoteOrderWorkflowClient;
import dev.durable.tests.workflows.RemoteOrderWorkflowDurable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The pinning check: hundreds of runs whose steps wait, on virtual threads, with JFR recording
 * every {@code jdk.VirtualThreadPinned} event (a virtual thread that blocked while it could not
 * leave its carrier), however short. No run may pin its carrier anywhere on the engine's path
 * (claims, turns, commits, the store's JDBC calls, timed attempts) nor a task on the worker's
 * (claims, heartbeats, answers). Java 21 and later only (the Surefire execution on the second JDK
 * runs it); docs/internals.md says what it found.
 */
class VirtualThreadPinningTest extends OnEachStore {
  private static final int RUNS = 300;
  private static final int STEP_MS = 50;
  private static final Duration RUNS_END = Duration.ofSeconds(120);

  /** Runs that a recording watches: {@code runs} of them, on an engine of their own. */
  private interface Load {
    void run(int runs) throws Exception;
  }

  /**
   * Runs made before the recording starts: the first runs of a JVM load Durable's classes, and a
   * virtual thread that waits for a class another thread is loading is pinned while it waits
   * (once per class, not per run), which is not what this test looks for.
   */
  private static final int WARM_UP_RUNS = 20;

  @BeforeEach
  void needsVirtualThreads() {
    assumeTrue(ThreadProbe.jvmHasVirtualThreads(),
        "virtual threads need Java 21 or later; this JVM is " + Runtime.version());
  }

  @Test
  void runsOnVirtualThreadsNeverPinTheirCarrier() throws Exception {
    Map<String, Long> pinned = pinnedDuring("local steps", RUNS, runs -> {
      try (DurableEngine engine = db.engine().register(new NapWorkflowDurable()).build()) {
        engine.start();
        List<RunHandle<Integer>> started = new ArrayList<>();
        for (int n = 0; n < runs; n++) {
          started.add(NapWorkflowClient.of(engine).start(STEP_MS));
        }
        for (RunHandle<Integer> run : started) {
          assertEquals(2 * STEP_MS, run.await(RUNS_END));
        }
      }
    });
    assertEquals(Map.of(), pinned, "virtual threads pinned their carriers, by the frames that did");
  }

  /**
   * Dispatched steps served by a worker on virtual threads: each task waits a little over a second
   * in three naps with a heartbeat after each (a heartbeat is written at most once a second).
   */
  @Test
  void tasksServedOnVirtualThreadsNeverPinTheirCarrier() throws Exception {
    Map<String, Long> pinned = pinnedDuring("dispatched steps", RUNS / 2, runs -> {
      try (DurableEngine engine = db.engine()
              .register(new RemoteOrderWorkflowDurable(new PricingStepsDispatch(), script))
              .build();
          DurableWorker worker = DurableWorker.builder().jdbcUrl(db.jdbcUrl()).concurrency(runs)
              .handle(PricingSteps.QUOTE, (task, input) -> {
                for (int nap = 0; nap < 3; nap++) {
                  Thread.sleep(400);
                  task.heartbeat();
                }
                return "{\"sku\":\"lamp\",\"cents\":500}";
              })
              .build()) {
        engine.start();
        worker.start();
        List<RunHandle<String>> started = new ArrayList<>();
        for (int n = 0; n < runs; n++) {
          started.add(RemoteOrderWorkflowClient.of(engine).start(new Order("lamp", 1)));
        }
        for (RunHandle<String> run : started) {
          assertEquals("shipped lamp for 500", run.await(RUNS_END));
        }
      }
    });
    assertEquals(Map.of(), pinned, "virtual threads pinned their carriers, by the frames that did");
  }

  /**
   * The pinned events recorded while {@code load} made {@code runs} runs, after a warm-up, counted
   * by where they happened.
   */
  private Map<String, Long> pinnedDuring(String what, int runs, Load load) throws Exception {
    load.run(WARM_UP_RUNS);
    List<RecordedEvent> events;
    try (Recording recording = new Recording()) {
      recording.enable("jdk.VirtualThreadPinned").withThreshold(Duration.ZERO).withStackTrace();
      recording.start();
      load.run(runs);
      recording.stop();
      events = read(recording);
    }
    Map<String, Long> where = events.stream().collect(Collectors.groupingBy(
        VirtualThreadPinningTest::where, TreeMap::new, Collectors.counting()));
    System.out.printf(
        "pinning, %d runs of %s on %s, Java %s: %d jdk.VirtualThreadPinned events%s%n", runs,
        what, kind, Runtime.version(), events.size(), where.isEmpty() ? "" : ": " + where);
    return where;
  }

  private static List<RecordedEvent> read(Recording recording) throws IOException {
    Path file = Files.createTempFile("pinning-", ".jfr");
    try {
      recording.dump(file);
      return RecordingFile.readAllEvents(file);
    } finally {
      Files.deleteIfExists(file);
    }
  }

  /** The event's top frames, up to the first of Durable's own, as one line. */
  private static String where(RecordedEvent event) {
    if (event.getStackTrace() == null) {
      return "(no stack trace)";
    }
    List<String> frames = new ArrayList<>();
    for (RecordedFrame frame : event.getStackTrace().getFrames()) {
      String method = frame.getMethod().getType().getName() + "." + frame.getMethod().getName();
      frames.add(method);
      if (method.startsWith("dev.durable.") || frames.size() == 12) {
        break;
      }
    }
    return String.join(" < ", frames);
  }
}
