package dev.durable.tests.workflows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.StepContext;
import dev.durable.tests.support.Recorder;

/**
 * A step with a 200 ms deadline whose first attempts hang; it records whether its cancellation
 * fired and whether its thread was interrupted.
 */
@Workflow(name = "timeout")
public class TimeoutWorkflow {
  private final Recorder recorder;

  public TimeoutWorkflow(Recorder recorder) {
    this.recorder = recorder;
  }

  @Step(retries = 2, backoffMs = 0, timeoutMs = 200)
  protected String slow(StepContext context, long hangMs, int hangingAttempts) {
    recorder.record("attempt:" + context.attempt());
    context.onCancel(() -> recorder.record("cancelled:" + context.attempt()));
    if (context.attempt() <= hangingAttempts) {
      try {
        Thread.sleep(hangMs);
        recorder.record("not interrupted");
      } catch (InterruptedException e) {
        recorder.record("interrupted:" + context.attempt());
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted", e);
      }
    }
    return "done on attempt " + context.attempt();
  }

  @Run
  public String run(long hangMs, int hangingAttempts) {
    return slow(null, hangMs, hangingAttempts);
  }
}
