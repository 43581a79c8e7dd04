package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.build.OnPostgres;
import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.HistoryEvent;
import dev.durable.runtime.StepInfo;
import dev.durable.runtime.StepState;
import dev.durable.tests.support.CrashChild;
import dev.durable.tests.support.TestDatabase;
import dev.durable.tests.workflows.CrashWorkflowClient;
import dev.durable.tests.workflows.CrashWorkflowDurable;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An engine in a JVM of its own, killed -9 in the middle of a payment's first attempt: the engine
 * that takes the run over records that the attempt may have run on the killed engine, naming it
 * ({@code step.interrupted}), counts it among the step's attempts, and makes the next. On an H2
 * file, whose next engine ends the leases the killed process held, and on PostgreSQL, where
 * another engine takes the run over once the killed engine's lease has expired.
 */
class InterruptedAttemptTest {
  private static final String KILLED = "engine-killed";
  private static final String NEXT = "engine-next";

  @TempDir Path dir;

  @Test
  void onAnH2FileTheNextEngineRecordsThePaymentThatMayHaveRunOnTheKilledOne() throws Exception {
    killedInThePaymentThenTakenOver("jdbc:h2:" + dir.resolve("durable").toAbsolutePath());
  }

  @OnPostgres
  @Test
  void onPostgresqlTheEngineTakingOverRecordsThePaymentThatMayHaveRunOnTheKilledOne()
      throws Exception {
    try (TestDatabase db = TestDatabase.Kind.POSTGRESQL.open()) {
      killedInThePaymentThenTakenOver(db.jdbcUrl());
    }
  }

  private void killedInThePaymentThenTakenOver(String url) throws Exception {
    Path journal = dir.resolve("journal.txt");
    Process first = child(url, journal);
    awaitLine(first, "IN_PAYMENT");
    first.destroyForcibly().waitFor(30, TimeUnit.SECONDS);

    try (DurableEngine next = DurableEngine.builder().jdbcUrl(url).discover(false)
        .engineId(NEXT).leaseDuration(Duration.ofSeconds(1)).pollInterval(Duration.ofMillis(100))
        .register(new CrashWorkflowDurable(journal, false)).build()) {
      next.start();
      assertEquals("reserved lamp, paid, shipped",
          CrashWorkflowClient.of(next).get("pay-1").await(Duration.ofSeconds(60)));
      assertEquals(List.of("reserve", "pay", "pay", "ship"), Files.readAllLines(journal),
          "the payment ran in both JVMs");

      StepInfo pay = next.getRunStatus("pay-1").steps().get(1);
      assertEquals("pay", pay.name());
      assertEquals(StepState.COMPLETED, pay.status());
      assertEquals(2, pay.attempts(), "the attempt cut by the kill counts, with the one after it");

      List<HistoryEvent> history = next.history("pay-1");
      List<HistoryEvent> interrupted = history.stream()
          .filter(e -> e.type().equals("step.interrupted")).toList();
      assertEquals(1, interrupted.size(), history.toString());
      HistoryEvent cut = interrupted.get(0);
      assertEquals("pay", cut.step().orElseThrow());
      assertEquals(1, cut.attempt());
      assertTrue(cut.detail().startsWith("may have run on " + KILLED + ", whose lease ended"),
          cut.detail());
      assertTrue(cut.detail().endsWith("attempt 2 runs on " + NEXT), cut.detail());
      assertEquals(List.of("step.started pay 1", "step.interrupted pay 1", "step.completed pay 2"),
          history.stream().filter(e -> e.step().orElse("").equals("pay"))
              .map(e -> e.type() + " pay " + e.attempt()).toList(),
          "the history tells the attempt that may have run, then the one that completed");
    }
  }

  private static Process child(String url, Path journal) throws IOException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    return new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
        CrashChild.class.getName(), "start", url, journal.toString(), "pay-1", "hang",
        "id=" + KILLED, "lease=1000").redirectErrorStream(true).start();
  }

  /** Reads the child's output until a line starting with {@code prefix}. */
  private static void awaitLine(Process process, String prefix) throws IOException {
    BufferedReader reader = new BufferedReader(
        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    List<String> seen = new ArrayList<>();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    String line;
    while (System.nanoTime() < deadline && (line = reader.readLine()) != null) {
      if (line.startsWith(prefix)) {
        return;
      }
      seen.add(line);
    }
    process.destroyForcibly();
    throw new AssertionError("the child never printed " + prefix + "; it printed:\n"
        + String.join("\n", seen));
  }
}
