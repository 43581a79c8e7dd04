package dev.durable.tests.workflows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.WorkflowContext;
import dev.durable.tests.support.Recorder;
import java.time.Duration;

/**
 * Workflow "graph" version 1: step first, a minute's sleep, then step second; runs started on it
 * store the fingerprint of its step graph.
 */
@Workflow(name = "graph", version = "1")
public class GraphWorkflow {
  private final Recorder recorder;

  public GraphWorkflow(Recorder recorder) {
    this.recorder = recorder;
  }

  @Step
  protected String first(String order) {
    recorder.record("GraphWorkflow first " + order);
    return order;
  }

  @Step
  protected String second(String order) {
    recorder.record("GraphWorkflow second " + order);
    return "shipped " + order;
  }

  @Run
  public String run(WorkflowContext ctx, String order) {
    String first = first(order);
    ctx.sleep(Duration.ofMinutes(1));
    return second(first);
  }
}
