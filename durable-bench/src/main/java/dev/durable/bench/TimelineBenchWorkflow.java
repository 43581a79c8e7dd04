package dev.durable.bench;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.StepContext;
import dev.durable.runtime.WorkflowContext;
import java.time.Duration;

/**
 * The run whose timeline phase (o) draws: {@code n} steps, most of them one trivial step in a
 * loop, every {@link #FLAKY_EVERY}-th another that fails its first attempt and is retried after
 * a millisecond, and a short sleep every {@link #SLEEP_EVERY} steps: the mix of rows a long
 * run's timeline groups and leaves single.
 */
@Workflow(name = "bench-timeline")
public class TimelineBenchWorkflow {
  static final int FLAKY_EVERY = 100;
  static final int SLEEP_EVERY = 500;

  @Step
  protected int next(int x) {
    return x + 1;
  }

  @Step(retries = 2, backoffMs = 1)
  protected int flaky(StepContext step, int x) {
    if (step.attempt() == 1) {
      throw new IllegalStateException("the first attempt fails");
    }
    return x + 1;
  }

  @Run
  public int run(WorkflowContext ctx, int n) {
    int x = 0;
    for (int i = 1; i <= n; i++) {
      x = i % FLAKY_EVERY == 0 ? flaky(null, x) : next(x); // the engine passes the StepContext
      if (i % SLEEP_EVERY == 0 && i < n) {
        ctx.sleep(Duration.ofMillis(1));
      }
    }
    return x;
  }
}
