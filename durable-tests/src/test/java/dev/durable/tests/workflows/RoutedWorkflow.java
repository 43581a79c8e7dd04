package dev.durable.tests.workflows;

import dev.durable.annotations.OnError;
import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.FatalError;
import dev.durable.runtime.RunError;
import dev.durable.runtime.WorkflowContext;
import dev.durable.tests.support.Recorder;
import java.time.Duration;

/**
 * Charges an order: one starting with {@code declined} fails with code {@code declined}, which an
 * {@code @OnError} route answers (after a minute's durable sleep, it notifies the customer); one
 * starting with {@code broken} fails with {@code step_failed}, which nothing routes.
 */
@Workflow(name = "routed")
public class RoutedWorkflow {
  private final Recorder recorder;

  public RoutedWorkflow(Recorder recorder) {
    this.recorder = recorder;
  }

  @Step(retries = 1)
  protected String charge(String order) {
    recorder.record("charge " + order);
    if (order.startsWith("declined")) {
      throw new FatalError("card declined", "declined");
    }
    if (order.startsWith("broken")) {
      throw new IllegalStateException("gateway down");
    }
    return "charged " + order;
  }

  @Step
  protected String notifyCustomer(String order) {
    recorder.record("notify " + order);
    return "customer notified";
  }

  @Run
  public String run(WorkflowContext ctx, String order) {
    return charge(order);
  }

  @OnError(code = "declined")
  protected String declined(WorkflowContext ctx, String order, RunError error) {
    ctx.sleep(Duration.ofMinutes(1));
    return notifyCustomer(order) + " (" + error.code() + ": " + error.message() + ")";
  }
}
