package dev.durable.bench;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.WorkflowContext;
import java.time.Duration;

/**
 * One trivial step called {@code n} times in a row: whatever the thousandth call costs beyond the
 * first is a cost that grows with the run's length. With {@code sleepEvery} above 0 the run also
 * sleeps {@link #PAUSE} before every {@code sleepEvery}-th step, which ends the turn; the next
 * turn replays the run from the top.
 */
@Workflow(name = "bench-long")
public class LongRunWorkflow {
  static final Duration PAUSE = Duration.ofMillis(1);

  @Step
  protected int next(int x) {
    return x + 1;
  }

  @Run
  public int run(WorkflowContext ctx, int n, int sleepEvery) {
    int x = 0;
    for (int i = 0; i < n; i++) {
      if (sleepEvery > 0 && i > 0 && i % sleepEvery == 0) {
        ctx.sleep(PAUSE);
      }
      x = next(x);
    }
    return x;
  }
}
