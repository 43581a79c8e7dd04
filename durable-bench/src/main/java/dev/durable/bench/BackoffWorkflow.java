package dev.durable.bench;

import dev.durable.annotations.Backoff;
import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.StepContext;
import java.time.Instant;

/**
 * One step whose first attempt fails, so that the run waits out a fixed 200 ms backoff in storage
 * and an in-memory timer must wake it. The step tells {@link AttemptLog} when each attempt really
 * starts.
 */
@Workflow(name = "bench-backoff")
public class BackoffWorkflow {
  /** The backoff under test, in milliseconds. */
  public static final int BACKOFF_MS = 200;

  private final AttemptLog log;

  public BackoffWorkflow(AttemptLog log) {
    this.log = log;
  }

  @Step(retries = 2, backoff = Backoff.FIXED, backoffMs = BACKOFF_MS)
  protected int flaky(StepContext context, int x) {
    log.attemptStarted(context.runId(), context.attempt(), Instant.now());
    if (context.attempt() == 1) {
      throw new IllegalStateException("the first attempt fails, by design");
    }
    return x;
  }

  @Run
  public int run(int x) {
    return flaky(null, x);
  }
}
