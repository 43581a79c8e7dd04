package dev.durable.tests.workflows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.FatalError;
import dev.durable.runtime.WorkflowContext;
import dev.durable.tests.support.Recorder;
import java.time.Duration;

/**
 * A child run: charges an order. An order starting with {@code declined} fails with code {@code
 * declined}; one starting with {@code slow} first sleeps 30 s, one containing {@code stuck} an
 * hour.
 */
@Workflow(name = "charge")
public class ChargeWorkflow {
  private final Recorder recorder;

  public ChargeWorkflow(Recorder recorder) {
    this.recorder = recorder;
  }

  @Step(retries = 1)
  protected String charge(String order) {
    recorder.record("charged " + order);
    if (order.startsWith("declined")) {
      throw new FatalError("the card was declined", "declined");
    }
    return "paid " + order;
  }

  @Run
  public String run(WorkflowContext ctx, String order) {
    if (order.startsWith("slow")) {
      ctx.sleep(Duration.ofSeconds(30));
    } else if (order.contains("stuck")) {
      ctx.sleep(Duration.ofHours(1));
    }
    return charge(order);
  }
}
