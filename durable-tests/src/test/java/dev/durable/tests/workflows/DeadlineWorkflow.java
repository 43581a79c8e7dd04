package dev.durable.tests.workflows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.StepContext;
import dev.durable.runtime.WorkflowContext;
import dev.durable.tests.support.Recorder;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;

/**
 * A run timeout of a minute ({@code @Run(timeoutMs)}). The input says what the run does: {@code
 * sleep:<seconds>} sleeps that long, {@code block} makes a step that waits until it is cancelled,
 * {@code remote} waits for a worker to serve a dispatched step; each then returns "done".
 */
@Workflow(name = "deadline")
public class DeadlineWorkflow {
  public static final long TIMEOUT_MS = 60_000;

  private final PricingSteps pricing;
  private final Recorder recorder;
  private final CountDownLatch never = new CountDownLatch(1);

  public DeadlineWorkflow(PricingSteps pricing, Recorder recorder) {
    this.pricing = pricing;
    this.recorder = recorder;
  }

  @Step(retries = 3, backoffMs = 0)
  protected String block(StepContext context) {
    recorder.record("entered:" + context.attempt());
    try {
      never.await();
    } catch (InterruptedException e) {
      recorder.record("interrupted:cancelled=" + context.isCancelled());
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting", e);
    }
    return "unreachable";
  }

  @Step
  protected String finish(String what) {
    recorder.record("finished:" + what);
    return "done";
  }

  @Run(timeoutMs = TIMEOUT_MS)
  public String run(WorkflowContext ctx, String what) {
    if (what.startsWith("sleep:")) {
      ctx.sleep(Duration.ofSeconds(Long.parseLong(what.substring("sleep:".length()))));
    } else if (what.equals("block")) {
      block(null);
    } else if (what.equals("remote")) {
      pricing.quote(new Order("lamp", 1));
    }
    return finish(what);
  }
}
