package dev.durable.tests.workflows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.WorkflowContext;

/**
 * Writes a stream, sets an event and an attribute, around a step, each value naming the code that
 * wrote it ({@code flavor}: "old" on one engine, "new" on another), for forks. Its positions:
 *
 * <ol start="0">
 *   <li>{@code writeStream("s", "a:<flavor>")}
 *   <li>{@code setEvent("progress", "a:<flavor>")}
 *   <li>{@code attribute("stage", "a:<flavor>")}
 *   <li>step {@code pack}
 *   <li>{@code writeStream("s", "b:<flavor>")}
 *   <li>{@code setEvent("progress", "b:<flavor>")}
 *   <li>{@code attribute("stage", "b:<flavor>")}
 *   <li>{@code closeStream("s")}
 * </ol>
 */
@Workflow(name = "progress")
public class ProgressWorkflow {
  /** How many positions a run records. */
  public static final int POSITIONS = 8;

  private final String flavor;

  public ProgressWorkflow(String flavor) {
    this.flavor = flavor;
  }

  @Step
  protected String pack(String order) {
    return "packed " + order + " by " + flavor;
  }

  @Run
  public String run(WorkflowContext ctx, String order) {
    ctx.writeStream("s", "a:" + flavor);
    ctx.setEvent("progress", "a:" + flavor);
    ctx.attribute("stage", "a:" + flavor);
    String packed = pack(order);
    ctx.writeStream("s", "b:" + flavor);
    ctx.setEvent("progress", "b:" + flavor);
    ctx.attribute("stage", "b:" + flavor);
    ctx.closeStream("s");
    return packed;
  }
}
