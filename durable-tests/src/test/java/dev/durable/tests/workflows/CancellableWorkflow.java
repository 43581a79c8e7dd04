package dev.durable.tests.workflows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.Parallel;
import dev.durable.runtime.StepContext;
import dev.durable.tests.support.Recorder;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * Steps that block in an interruptible wait no one ends: {@code sleep} in {@code Thread.sleep},
 * {@code latch} on a latch never counted down, {@code timed} in {@code Thread.sleep} under a step
 * timeout. One key runs one step; several run a fan of local branches. Each records its entry,
 * whether it was interrupted and then saw its cancellation, and whether it ran past its wait; an
 * interrupted step restores its thread's interrupt flag, as well-behaved code does.
 */
@Workflow(name = "cancellable")
public class CancellableWorkflow {
  private final Recorder recorder;
  private final CountDownLatch never = new CountDownLatch(1);

  public CancellableWorkflow(Recorder recorder) {
    this.recorder = recorder;
  }

  @Step(retries = 3, backoffMs = 0)
  protected String hold(StepContext context, String key) throws InterruptedException {
    return waitFor(context, key);
  }

  @Step(retries = 3, backoffMs = 0, timeoutMs = 60_000)
  protected String holdTimed(StepContext context, String key) throws InterruptedException {
    return waitFor(context, key);
  }

  private String waitFor(StepContext context, String key) throws InterruptedException {
    recorder.record("entered:" + key + ":" + context.attempt());
    try {
      if (key.startsWith("latch")) {
        never.await();
      } else {
        Thread.sleep(60_000);
      }
    } catch (InterruptedException e) {
      recorder.record("interrupted:" + key + ":cancelled=" + context.isCancelled());
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting", e);
    }
    recorder.record("ran to its end:" + key);
    return key;
  }

  @Run
  public String run(List<String> keys) throws InterruptedException {
    if (keys.size() > 1) {
      return String.join(",", Parallel.fan(keys, key -> {
        try {
          return hold(null, key);
        } catch (InterruptedException e) {
          throw new IllegalStateException(e);
        }
      }));
    }
    String key = keys.get(0);
    return key.startsWith("timed") ? holdTimed(null, key) : hold(null, key);
  }
}
