package dev.durable.tests.workflows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;

/**
 * Two steps that sleep, standing in for calls to slow services: one on the run's thread, one with
 * a timeout (on a step thread of its own). For the pinning check ({@code
 * VirtualThreadPinningTest}).
 */
@Workflow(name = "nap")
public class NapWorkflow {
  @Step
  protected int nap(int millis) throws InterruptedException {
    Thread.sleep(millis);
    return millis;
  }

  @Step(timeoutMs = 60_000)
  protected int timedNap(int millis) throws InterruptedException {
    Thread.sleep(millis);
    return millis;
  }

  @Run
  public int run(int millis) throws InterruptedException {
    return nap(millis) + timedNap(millis);
  }
}
