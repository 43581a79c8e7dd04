package dev.durable.tests.support;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.RunFailedException;
import dev.durable.runtime.RunState;
import dev.durable.runtime.RunStatus;
import dev.durable.runtime.StepState;
import dev.durable.tests.workflows.CrashWorkflowClient;
import dev.durable.tests.workflows.CrashWorkflowDurable;
import dev.durable.tests.workflows.SagaWorkflowClient;
import dev.durable.tests.workflows.SagaWorkflowDurable;
import dev.durable.tests.workflows.StampWorkflowClient;
import dev.durable.tests.workflows.StampWorkflowDurable;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The engine process of the crash tests. {@code start <url> <journal> <runId> <mode>} starts the
 * run and prints {@code IN_BACKOFF} once the payment waits out its backoff (mode {@code backoff})
 * or lets the payment print {@code IN_PAYMENT} and hang (mode {@code hang}), then waits to be
 * killed. {@code resume <url> <journal> <runId>} awaits the run and prints {@code RESULT:<value>}.
 * With mode {@code stamp} both run a {@link dev.durable.tests.workflows.StampWorkflow} instead,
 * whose step hangs in {@code start}; mode {@code saga} is described at {@link #saga}. Options
 * after the mode: {@code id=<engine id>} and {@code lease=<milliseconds>} set the engine's id and
 * lease.
 */
public final class CrashChild {
  private CrashChild() {}

  /**
   * Starts this class in a child JVM on the test's class path: {@code command url journal runId}
   * and the rest (a mode, {@code id=}, {@code lease=}), empty ones left out.
   */
  public static Process launch(String command, String url, Path journal, String runId,
      String... rest) throws IOException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> commandLine = new ArrayList<>(List.of(
        java, "-cp", System.getProperty("java.class.path"), CrashChild.class.getName(),
        command, url, journal.toString(), runId));
    for (String option : rest) {
      if (!option.isEmpty()) {
        commandLine.add(option);
      }
    }
    return new ProcessBuilder(commandLine).redirectErrorStream(true).start();
  }

  /**
   * Reads a child's output until a line starting with {@code prefix}, for a minute at most;
   * returns that line, or kills the child and fails with what it printed.
   */
  public static String awaitLine(Process process, String prefix) throws IOException {
    BufferedReader reader = new BufferedReader(
        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    List<String> seen = new ArrayList<>();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    String line;
    while (System.nanoTime() < deadline && (line = reader.readLine()) != null) {
      if (line.startsWith(prefix)) {
        return line;
      }
      seen.add(line);
    }
    process.destroyForcibly();
    throw new AssertionError("the child never printed " + prefix + "; it printed:\n"
        + String.join("\n", seen));
  }

  public static void main(String[] args) throws Exception {
    String command = args[0];
    String url = args[1];
    Path journal = Path.of(args[2]);
    String runId = args[3];
    String mode = args.length > 4 ? args[4] : "";
    String engineId = null;
    Duration lease = Duration.ofSeconds(30);
    for (int i = 5; i < args.length; i++) {
      if (args[i].startsWith("id=")) {
        engineId = args[i].substring("id=".length());
      } else if (args[i].startsWith("lease=")) {
        lease = Duration.ofMillis(Long.parseLong(args[i].substring("lease=".length())));
      }
    }
    boolean hang = mode.equals("hang");
    boolean stamp = mode.equals("stamp");
    if (mode.equals("saga")) {
      saga(command, url, runId);
      return;
    }
    DurableEngine.Builder builder = DurableEngine.builder()
        .jdbcUrl(url)
        .discover(false)
        .pollInterval(Duration.ofMillis(200))
        .leaseDuration(lease)
        .register(new CrashWorkflowDurable(journal, hang))
        .register(new StampWorkflowDurable(journal, stamp && command.equals("start")));
    if (engineId != null) {
      builder.engineId(engineId);
    }
    DurableEngine engine = builder.build();
    engine.start();
    System.out.println("READY");
    System.out.flush();
    if (stamp) {
      if (command.equals("start")) {
        StampWorkflowClient.of(engine).start(runId, "lamp");
        Thread.sleep(Long.MAX_VALUE);
      }
      String result = StampWorkflowClient.of(engine).get(runId).await(Duration.ofSeconds(60));
      System.out.println("RESULT:" + result);
      System.out.flush();
      engine.close();
    } else if (command.equals("start")) {
      CrashWorkflowClient.of(engine).start(runId, "lamp");
      if (!hang) {
        while (true) {
          RunStatus status = engine.getRunStatus(runId);
          if (status.run().status() == RunState.SLEEPING && status.steps().size() == 2
              && status.steps().get(1).status() == StepState.RETRYING) {
            System.out.println("IN_BACKOFF");
            System.out.flush();
            break;
          }
          Thread.sleep(10);
        }
      }
      Thread.sleep(Long.MAX_VALUE);
    } else {
      String result = CrashWorkflowClient.of(engine).get(runId).await(Duration.ofSeconds(60));
      System.out.println("RESULT:" + result);
      System.out.flush();
      engine.close();
    }
  }

  /**
   * Mode {@code saga}: {@code start} starts a {@link SagaWorkflow} run whose shipping fails and
   * whose refund hangs, prints {@code IN_REFUND:<the steps run>} once the refund is executing, and
   * waits to be killed; {@code resume} lets the refund through, awaits the run and prints {@code
   * FAILED:<code>:<the steps run here>}.
   */
  private static void saga(String command, String url, String runId) throws Exception {
    Script script = new Script();
    Gate gate = new Gate();
    boolean start = command.equals("start");
    if (!start) {
      gate.open("refund " + runId);
    }
    DurableEngine engine = DurableEngine.builder().jdbcUrl(url).discover(false)
        .pollInterval(Duration.ofMillis(200))
        .register(new SagaWorkflowDurable(script, gate))
        .build();
    engine.start();
    if (start) {
      SagaWorkflowClient.of(engine).start(runId, runId);
      while (!gate.isEntered("refund " + runId)) {
        Thread.sleep(10);
      }
      System.out.println("IN_REFUND:" + String.join(",", script.recorder().entries()));
      System.out.flush();
      Thread.sleep(Long.MAX_VALUE);
    }
    try {
      SagaWorkflowClient.of(engine).get(runId).await(Duration.ofSeconds(60));
      System.out.println("UNEXPECTED: the run completed");
    } catch (RunFailedException e) {
      System.out.println("FAILED:" + e.code() + ":" + String.join(",", script.recorder().entries()));
    }
    System.out.flush();
    engine.close();
  }
}
