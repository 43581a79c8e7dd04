package dev.durable.tests.workflows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.WorkflowContext;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.util.List;

/**
 * Jakarta constraints written on the run's parameters themselves, not inside a stored type: a
 * customer, and at most two tags, none blank. After serving its customer a run ends, or starts a
 * child run of its own workflow for {@code next}, or continues as new for {@code next}.
 */
@Workflow(name = "guarded")
public class GuardedWorkflow {
  /** What a run does once it has served its customer. */
  public enum Then {
    END,
    CHILD,
    CONTINUE
  }

  @Run
  public String run(
      WorkflowContext ctx, @NotNull String customer, @Size(max = 2) List<@NotBlank String> tags,
      Then then, String next) {
    return switch (then) {
      case END -> "served " + customer + " " + tags;
      case CHILD -> GuardedWorkflowClient.of(ctx).start(next, List.of(), Then.END, null).await();
      case CONTINUE -> GuardedWorkflowClient.of(ctx).continueAsNew(next, tags, Then.END, null);
    };
  }
}
