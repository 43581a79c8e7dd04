package dev.durable.tests.workflows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Signal;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.Parallel;
import dev.durable.runtime.WorkflowContext;
import dev.durable.tests.support.Recorder;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Starts itself over ({@code continueAsNew}) with the next generation until {@code until}, each
 * generation doing what {@code mode} says: {@code bare} nothing (cheap generations), {@code steps}
 * one step, {@code signals} one signal wait, {@code child} one child run awaited, {@code tagged}
 * sets attribute {@code generation} to its generation, {@code stream} writes {@code 10g}, {@code
 * 10g+1} and {@code 10g+2} to stream {@code s}, sets event {@code gen} to {@code g} (and {@code
 * first}, in generation 1 alone), then waits for a signal before it starts over (the last
 * generation ends without a wait); {@code step} and
 * {@code fan} call continueAsNew where it is refused (from a step, from a fan's branch), {@code
 * other} on another workflow's client.
 */
@Workflow(name = "restarting")
public class RestartingWorkflow {
  private final Recorder recorder;
  /** The context a step misuses, for the refusal's test alone: a workflow keeps no run's state. */
  private final AtomicReference<WorkflowContext> misused = new AtomicReference<>();

  public RestartingWorkflow(Recorder recorder) {
    this.recorder = recorder;
  }

  @Signal
  protected String note() {
    return "never: the wait has no limit";
  }

  @Step
  protected int tally(int generation) {
    recorder.record("tally " + generation);
    return generation;
  }

  @Step
  protected String escape(int generation) {
    return RestartingWorkflowClient.of(misused.get()).continueAsNew(generation + 1, 9, "bare");
  }

  @Run
  public String run(WorkflowContext ctx, int generation, int until, String mode) {
    switch (mode) {
      case "bare" -> { }
      case "steps" -> tally(generation);
      case "tagged" -> ctx.attribute("generation", String.valueOf(generation));
      case "signals" -> recorder.record(generation + ":" + note());
      case "stream" -> {
        for (int i = 0; i < 3; i++) {
          ctx.writeStream("s", generation * 10 + i);
        }
        ctx.setEvent("gen", generation);
        if (generation == 1) {
          ctx.setEvent("first", "generation 1");
        }
        if (generation < until) {
          note();
        }
      }
      case "child" -> recorder.record(generation + ":" + EchoWorkflowClient.of(ctx)
          .start("g" + generation).await());
      case "step" -> {
        misused.set(ctx);
        return escape(generation);
      }
      case "fan" -> {
        return Parallel.fan(List.of(generation), g -> RestartingWorkflowClient.of(ctx)
            .continueAsNew(g + 1, until, mode)).get(0);
      }
      case "other" -> {
        return EchoWorkflowClient.of(ctx).continueAsNew("not this workflow");
      }
      default -> throw new IllegalArgumentException("no mode " + mode);
    }
    if (generation < until) {
      return RestartingWorkflowClient.of(ctx).continueAsNew(generation + 1, until, mode);
    }
    return "done after " + generation;
  }
}
