package dev.durable.bench;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;

/**
 * Phase (j)'s workflow: one step that waits for a slow service's answer ({@link IoCall}), as the
 * steps users write do when they call an LLM, a payment provider or a carrier.
 */
@Workflow(name = "io")
public class IoWorkflow {
  private final IoCall service;

  public IoWorkflow(IoCall service) {
    this.service = service;
  }

  @Step
  protected int call(int millis) {
    return service.call(millis);
  }

  @Run
  public int run(int millis) {
    return call(millis);
  }
}
