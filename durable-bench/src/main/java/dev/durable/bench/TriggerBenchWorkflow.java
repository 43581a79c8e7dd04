package dev.durable.bench;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;

/**
 * Phase (u)'s workflow: one instant step, so that what a pass measures is the start (by a
 * trigger or by the client) and the engine's turn, not the work.
 */
@Workflow(name = "trigger-bench")
public class TriggerBenchWorkflow {
  @Step
  protected int take(int message) {
    return message + 1;
  }

  @Run
  public int run(int message) {
    return take(message);
  }
}
