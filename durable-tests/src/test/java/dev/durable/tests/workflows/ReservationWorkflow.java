package dev.durable.tests.workflows;

import dev.durable.annotations.OnFailure;
import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.FatalError;
import dev.durable.runtime.RunError;
import dev.durable.runtime.WorkflowContext;
import dev.durable.tests.support.Recorder;
import java.time.Duration;

/**
 * Reserves stock, then charges: an order starting with {@code declined} fails with code {@code
 * declined}. The {@code @OnFailure} clean-up waits a minute (durably), then releases the stock; for
 * an order containing {@code messy} the release itself fails.
 */
@Workflow(name = "reservation")
public class ReservationWorkflow {
  private final Recorder recorder;

  public ReservationWorkflow(Recorder recorder) {
    this.recorder = recorder;
  }

  @Step
  protected String reserve(String order) {
    recorder.record("reserve " + order);
    return "reserved";
  }

  @Step(retries = 1)
  protected String charge(String order) {
    recorder.record("charge " + order);
    if (order.startsWith("declined")) {
      throw new FatalError("card declined", "declined");
    }
    return "charged";
  }

  @Step(retries = 1)
  protected String release(String order, String why) {
    recorder.record("release " + order + " after " + why);
    if (order.contains("messy")) {
      throw new FatalError("the warehouse did not answer", "release_failed");
    }
    return "released";
  }

  @Run
  public String run(WorkflowContext ctx, String order) {
    reserve(order);
    return charge(order);
  }

  @OnFailure
  protected void cleanUp(WorkflowContext ctx, String order, RunError error) {
    ctx.sleep(Duration.ofMinutes(1));
    release(order, error.code());
  }
}
