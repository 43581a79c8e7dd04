package dev.durable.bench;

import dev.durable.runtime.DurableHooks;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunState;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.UUID;

/**
 * Phase (f): the latency from sending a typed signal to the run continuing, on a started engine.
 * Each run is started and waits for its signal ({@link SignalBenchWorkflow}, SLEEPING in storage,
 * no due time); once it sleeps the signal is sent, carrying the send's {@link System#nanoTime()},
 * and the step after the wait notes when it ran. The sender's engine executes the run, so the wake
 * is in process (the same path a worker's outcome takes); runs go one at a time.
 *
 * <p>{@link #main} runs this phase alone, on the stores {@link BenchConfig} names.
 */
final class SignalBench {
  static final int WARMUP = 50;
  static final int RUNS = 500;
  private static final Duration AWAIT = Duration.ofSeconds(30);

  /** @param latency send to the step after the wait starting */
  record Result(int runs, Samples latency) {}

  private SignalBench() {}

  static Result run(Database database) throws Exception {
    try (BenchEngine bench = new BenchEngine(database, new DurableHooks() {},
        new SignalBenchWorkflowDurable())) {
      SignalBenchWorkflowClient client = SignalBenchWorkflowClient.of(bench.engine());
      Samples latency = new Samples();
      for (int i = 0; i < WARMUP + RUNS; i++) {
        long nanos = once(bench, client);
        if (i >= WARMUP) {
          latency.add(nanos);
        }
      }
      return new Result(RUNS, latency);
    }
  }

  /** One run: start, wait until it sleeps, signal, await; the latency its step measured. */
  private static long once(BenchEngine bench, SignalBenchWorkflowClient client)
      throws InterruptedException {
    String runId = UUID.randomUUID().toString();
    RunHandle<Long> run = client.start(runId, runId);
    long deadline = System.nanoTime() + AWAIT.toNanos();
    while (bench.engine().getRunStatus(runId).run().status() != RunState.SLEEPING) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("run " + runId + " never came to wait for its signal");
      }
      Thread.sleep(1);
    }
    client.go(runId, System.nanoTime());
    return run.await(AWAIT);
  }

  /** The phase's section of a report. */
  static void report(Report report, Result f) {
    report.heading("(f) typed signals: send -> the run continues");
    report.lines(
        "Workflow \"bench-signal\": a wait without limit for one signal, then a step. " + f.runs()
            + " runs, one at a time, after " + WARMUP + " warm-up runs; each signal is sent once"
            + " its run sleeps in storage. Latency = the step after the wait starting - the"
            + " moment before the client's send (System.nanoTime, one process).");
    report.table("figure", "p50", "p99", "max")
        .row("send -> the run continues", Samples.ms(f.latency().p50()),
            Samples.ms(f.latency().p99()), Samples.ms(f.latency().max()));
    report.lines(
        "It covers the send's transaction (lock the run, insert the signal, wake the run), the"
            + " in-process wake of the poller, the claim, the replay up to the wait, reading the"
            + " signal, and the commit of the wait's checkpoint with the step's first attempt.");
  }

  /** Runs this phase alone on each configured store; writes {@code signals-<store>.md}. */
  public static void main(String[] args) throws Exception {
    BenchConfig config = BenchConfig.fromSystemProperties();
    Files.createDirectories(config.out());
    for (String store : config.stores()) {
      try (Database database = Database.open(store, config)) {
        Report report = new Report();
        report.lines("Store: " + database.product() + ", " + database.where() + ".");
        report(report, run(database));
        System.out.print(report.toText());
        Path file = config.out().resolve("signals-" + store + ".md");
        Files.writeString(file, report.toMarkdown(), StandardCharsets.UTF_8);
      }
    }
  }
}
