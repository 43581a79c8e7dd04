package dev.durable.tests.workflows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.WorkflowContext;
import dev.durable.tests.support.Recorder;
import java.time.Duration;

/**
 * One workflow as two deploys: built with {@code patchDeployed} false it is the code before the
 * patches (steps {@code a}, an hour's sleep, {@code b}); with true, the code after, which guards an
 * {@code early} step before {@code a} and a {@code late} step before {@code b} with {@code
 * ctx.patched}. Each step records its name and the run's input.
 */
@Workflow(name = "patched")
public class PatchedWorkflow {
  private final boolean patchDeployed;
  private final Recorder recorder;

  public PatchedWorkflow(boolean patchDeployed, Recorder recorder) {
    this.patchDeployed = patchDeployed;
    this.recorder = recorder;
  }

  @Step
  protected String early(String id) {
    return record("early", id);
  }

  @Step
  protected String a(String id) {
    return record("a", id);
  }

  @Step
  protected String late(String id) {
    return record("late", id);
  }

  @Step
  protected String b(String id) {
    return record("b", id);
  }

  private String record(String step, String id) {
    recorder.record(step + ":" + id);
    return step;
  }

  @Run
  public String run(WorkflowContext ctx, String id) {
    StringBuilder path = new StringBuilder();
    if (patchDeployed && ctx.patched("early")) {
      path.append(early(id)).append(' ');
    }
    path.append(a(id)).append(' ');
    ctx.sleep(Duration.ofHours(1));
    if (patchDeployed && ctx.patched("late")) {
      path.append(late(id)).append(' ');
    }
    return path.append(b(id)).toString();
  }
}
