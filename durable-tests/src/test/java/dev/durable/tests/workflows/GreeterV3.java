package dev.durable.tests.workflows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Workflow;
import dev.durable.tests.support.Recorder;

/** Version 3 of workflow "greeter", whose input changed incompatibly: a number of guests. */
@Workflow(name = "greeter", version = "3")
public class GreeterV3 {
  private final Recorder recorder;

  public GreeterV3(Recorder recorder) {
    this.recorder = recorder;
  }

  @Run
  public String run(int guests) {
    recorder.record("v3 counts " + guests);
    return guests + " guests";
  }
}
