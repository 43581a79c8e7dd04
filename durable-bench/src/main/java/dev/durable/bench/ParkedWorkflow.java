package dev.durable.bench;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;

/**
 * The runs phase (q) pauses by filter: no engine of the phase registers it, and its runs are
 * started through a queue no engine declares, so they stay {@code ENQUEUED} and none is ever
 * executed. Its one step is there because a workflow needs one; it never runs.
 */
@Workflow(name = ParkedWorkflow.NAME)
public class ParkedWorkflow {
  static final String NAME = "bench-parked";

  @Step
  protected int park(int x) {
    return x;
  }

  @Run
  public int run(int x) {
    return park(x);
  }
}
