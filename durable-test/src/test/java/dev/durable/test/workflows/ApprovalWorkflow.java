package dev.durable.test.workflows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Signal;
import dev.durable.annotations.Workflow;
import java.time.Duration;

/** Waits up to a day for a {@code decision} signal. */
@Workflow(name = "approval")
public class ApprovalWorkflow {
  public static final Duration WAIT = Duration.ofDays(1);

  @Signal
  protected String decision(Duration wait) {
    return "no answer";
  }

  @Run
  public String run(String request) {
    return request + ": " + decision(WAIT);
  }
}
