package dev.durable.tests.workflows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.StartOptions;
import dev.durable.runtime.WorkflowContext;

/**
 * Has a child run of workflow "greeter" greet {@code name}, through version 1's client: on the
 * newest version registered, or on {@code version} if it is not empty.
 */
@Workflow(name = "greeting-parent")
public class GreetingParent {
  @Run
  public String run(WorkflowContext ctx, String name, String version) {
    GreeterV1Client greeter = GreeterV1Client.of(ctx);
    if (version.isEmpty()) {
      return greeter.start(name).await();
    }
    return greeter.start(StartOptions.builder().version(version).build(), name).await();
  }
}
