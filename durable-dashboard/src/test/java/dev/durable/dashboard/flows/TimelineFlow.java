package dev.durable.dashboard.flows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Signal;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.FatalError;
import dev.durable.runtime.StepContext;
import dev.durable.runtime.WorkflowContext;
import java.time.Duration;

/**
 * A run with one of everything a timeline draws: a step whose first attempt fails and is retried
 * after a backoff, a step with a compensation, a sleep, a signal wait that times out, a child run,
 * a dispatched step a worker serves, then a step that fails for good ({@link #NO_CARRIER}), so
 * the compensation runs and the run fails.
 */
@Workflow(name = "timeline")
public class TimelineFlow {
  /** The failing step's error: markup a page must show as text. */
  public static final String NO_CARRIER = "no carrier for <b>the</b> parcel & 'its' label";

  private final LabelSteps labels;

  public TimelineFlow(LabelSteps labels) {
    this.labels = labels;
  }

  @Step(retries = 2, backoffMs = 50)
  protected String reserve(StepContext step, String order) {
    if (step.attempt() == 1) {
      throw new IllegalStateException("the warehouse is busy");
    }
    return "reserved " + order;
  }

  @Step(compensate = "release")
  protected String hold(String order) {
    return "held " + order;
  }

  @Step
  protected void release(String order, String hold) {}

  @Signal(name = "go")
  protected String go(Duration wait) {
    return "went without a signal";
  }

  @Step
  protected String ship(String order) {
    throw new FatalError(NO_CARRIER, "no_carrier");
  }

  @Run
  public String run(WorkflowContext ctx, String order) {
    reserve(null, order); // the engine passes the StepContext
    hold(order);
    ctx.sleep(Duration.ofMillis(30));
    go(Duration.ofMillis(30));
    EchoFlowClient.of(ctx).start(order).await();
    labels.print(order);
    return ship(order);
  }
}
