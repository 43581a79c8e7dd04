package dev.durable.bench;

import dev.dbos.transact.workflow.Step;
import dev.dbos.transact.workflow.Workflow;

/**
 * Three trivial steps, as in {@link BenchWorkflow}, as DBOS declares them: {@code @Workflow} on the
 * run, {@code @Step} on each step. A step is checkpointed only when called through DBOS's proxy,
 * so the run calls its steps through the proxy it is given once registered (as DBOS's own tests
 * do).
 */
final class DbosBenchWorkflowImpl implements DbosBenchWorkflow {
  private DbosBenchWorkflow proxy;

  /** Hands in the proxy that {@code registerProxy} returned for this instance; before launch. */
  void proxy(DbosBenchWorkflow registered) {
    this.proxy = registered;
  }

  @Step(name = "a")
  @Override
  public int a(int x) {
    return x + 1;
  }

  @Step(name = "b")
  @Override
  public int b(int x) {
    return x + 1;
  }

  @Step(name = "c")
  @Override
  public int c(int x) {
    return x + 1;
  }

  @Workflow(name = "bench")
  @Override
  public int run(int x) {
    return proxy.c(proxy.b(proxy.a(x)));
  }
}
