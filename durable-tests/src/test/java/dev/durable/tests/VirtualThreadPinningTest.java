package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.RunHandle;
import dev.durable.tests.support.ThreadProbe;
import dev.durable.tests.workflows.NapWorkflowClient;
import dev.durable.tests.workflows.NapWorkflowDurable;
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
import org.junit.jupiter.api.Test;

/**
 * The pinning check: hundreds of runs whose steps sleep, on virtual threads, with JFR recording
 * every {@code jdk.VirtualThreadPinned} event (a virtual thread that blocked while it could not
 * leave its carrier), however short. No run may pin its carrier anywhere on the engine's path:
 * claims, turns, commits, the store's JDBC calls, timed attempts. Java 21 and later only (the
 * Surefire execution on the second JDK runs it); docs/internals.md says what it found.
 */
class VirtualThreadPinningTest extends OnEachStore {
  private static final int RUNS = 300;
  private static final int STEP_MS = 50;

  @Test
  void runsOnVirtualThreadsNeverPinTheirCarrier() throws IOException {
    assumeTrue(ThreadProbe.jvmHasVirtualThreads(),
        "virtual threads need Java 21 or later; this JVM is " + Runtime.version());
    List<RecordedEvent> pinned;
    try (Recording recording = new Recording()) {
      recording.enable("jdk.VirtualThreadPinned").withThreshold(Duration.ZERO).withStackTrace();
      recording.start();
      try (DurableEngine engine = db.engine().register(new NapWorkflowDurable()).build()) {
        engine.start();
        List<RunHandle<Integer>> runs = new ArrayList<>();
        for (int n = 0; n < RUNS; n++) {
          runs.add(NapWorkflowClient.of(engine).start(STEP_MS));
        }
        for (RunHandle<Integer> run : runs) {
          assertEquals(2 * STEP_MS, run.await(Duration.ofSeconds(120)));
        }
      }
      recording.stop();
      Path file = Files.createTempFile("pinning-", ".jfr");
      try {
        recording.dump(file);
        pinned = RecordingFile.readAllEvents(file);
      } finally {
        Files.deleteIfExists(file);
      }
    }
    Map<String, Long> where = pinned.stream().collect(Collectors.groupingBy(
        VirtualThreadPinningTest::where, TreeMap::new, Collectors.counting()));
    System.out.printf("pinning on %s, Java %s: %d runs, %d jdk.VirtualThreadPinned events%s%n",
        kind, Runtime.version(), RUNS, pinned.size(), where.isEmpty() ? "" : ": " + where);
    assertEquals(Map.of(), where, "virtual threads pinned their carriers, by the frames that did");
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
