package dev.durable.tests.workflows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.tests.support.ThreadProbe;

/**
 * Two steps that tell the {@link ThreadProbe} which thread they execute on: one without a timeout
 * (it runs on the run's thread) and one with a timeout (on a step thread of its own).
 */
@Workflow(name = "thread-probe")
public class ThreadProbeWorkflow {
  private final ThreadProbe probe;

  public ThreadProbeWorkflow(ThreadProbe probe) {
    this.probe = probe;
  }

  @Step
  protected String untimed(String key) throws InterruptedException {
    return probe.enter(key + "/untimed");
  }

  @Step(timeoutMs = 120_000)
  protected String timed(String key) throws InterruptedException {
    return probe.enter(key + "/timed");
  }

  @Run
  public String run(String key) throws InterruptedException {
    return untimed(key) + "," + timed(key);
  }
}
