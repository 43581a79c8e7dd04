package dev.durable.tests.workflows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.WorkflowContext;
import dev.durable.tests.support.Script;
import java.time.Duration;

/**
 * Sets searchable attributes through its context around a step and a sleep: one key replaced in a
 * later turn, and twice in one turn; after the sleep it tries {@code extra} more keys and returns
 * the refusal's message if the run holds too many.
 */
@Workflow(name = "tagged")
public class TaggedWorkflow {
  public static final Duration PAUSE = Duration.ofMinutes(1);

  private final Script script;

  public TaggedWorkflow(Script script) {
    this.script = script;
  }

  @Step
  protected String pack(String order) {
    script.enter("pack");
    return "packed " + order;
  }

  @Run
  public String run(WorkflowContext ctx, String order, int extra) {
    ctx.attribute("stage", "packing");
    String packed = pack(order);
    ctx.attribute("stage", "packed");
    ctx.attribute("order", order);
    ctx.sleep(PAUSE);
    try {
      for (int i = 0; i < extra; i++) {
        ctx.attribute("extra-" + i, "x");
      }
    } catch (IllegalArgumentException e) {
      return "refused: " + e.getMessage();
    }
    ctx.attribute("stage", "finishing");
    ctx.attribute("stage", "done"); // in the same commit: the later value wins
    return packed;
  }
}
