package dev.durable.bench;

import dev.durable.annotations.Run;
import dev.durable.annotations.Signal;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;

/**
 * Waits, without limit, for one signal carrying the sender's {@link System#nanoTime()} at the send,
 * then calls a step that measures when the run went on, and returns it: the latency a user sees
 * from {@code send} to the workflow continuing.
 */
@Workflow(name = "bench-signal")
public class SignalBenchWorkflow {
  @Signal
  protected long go() {
    throw new IllegalStateException("a wait without limit never runs its body");
  }

  @Step
  protected long continued(long sentAtNanos) {
    return System.nanoTime() - sentAtNanos;
  }

  @Run
  public long run(String runId) {
    return continued(go());
  }
}
