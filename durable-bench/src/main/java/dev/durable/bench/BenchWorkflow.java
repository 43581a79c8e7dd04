package dev.durable.bench;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;

/** Three trivial steps: whatever a run costs beyond them is the engine's overhead. */
@Workflow(name = "bench")
public class BenchWorkflow {

  @Step
  protected int a(int x) {
    return x + 1;
  }

  @Step
  protected int b(int x) {
    return x + 1;
  }

  @Step
  protected int c(int x) {
    return x + 1;
  }

  @Run
  public int run(int x) {
    return c(b(a(x)));
  }
}
