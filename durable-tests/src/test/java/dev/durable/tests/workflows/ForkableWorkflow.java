package dev.durable.tests.workflows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.WorkflowContext;
import dev.durable.tests.support.Recorder;
import java.time.Duration;

/**
 * Three steps whose results name the code that ran them ({@code flavor}: "old" on one engine,
 * "new" on another), for forks; an order starting with "nap" sleeps an hour after the first step.
 */
@Workflow(name = "forkable")
public class ForkableWorkflow {
  private final Recorder recorder;
  private final String flavor;

  public ForkableWorkflow(Recorder recorder, String flavor) {
    this.recorder = recorder;
    this.flavor = flavor;
  }

  @Step
  protected String first(String order) {
    recorder.record("first " + order + " " + flavor);
    return "first:" + flavor;
  }

  @Step
  protected String second(String order) {
    recorder.record("second " + order + " " + flavor);
    return "second:" + flavor;
  }

  @Step
  protected String third(String order) {
    recorder.record("third " + order + " " + flavor);
    return "third:" + flavor;
  }

  @Run
  public String run(WorkflowContext ctx, String order) {
    String a = first(order);
    if (order.startsWith("nap")) {
      ctx.sleep(Duration.ofHours(1));
    }
    return a + " " + second(order) + " " + third(order);
  }
}
