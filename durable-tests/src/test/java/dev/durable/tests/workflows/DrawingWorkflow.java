package dev.durable.tests.workflows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.WorkflowContext;
import dev.durable.tests.support.Script;
import java.time.Duration;
import java.time.Instant;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Draws the time, a UUID and random numbers through its context, hands them to a step, sleeps,
 * and returns what the step recorded next to what the last turn drew: equal halves mean the
 * values replayed. A switch the test flips between turns swaps the order of the first two draws,
 * as a changed workflow would.
 */
@Workflow(name = "drawing")
public class DrawingWorkflow {
  public static final Duration PAUSE = Duration.ofMinutes(1);

  private final Script script;
  private final AtomicBoolean reordered;

  public DrawingWorkflow(Script script, AtomicBoolean reordered) {
    this.script = script;
    this.reordered = reordered;
  }

  @Step
  protected String remember(String drawn) {
    script.enter("remember");
    return drawn;
  }

  @Run
  public String run(WorkflowContext ctx) {
    Instant at;
    UUID id;
    if (reordered.get()) {
      id = ctx.randomUUID();
      at = ctx.now();
    } else {
      at = ctx.now();
      id = ctx.randomUUID();
    }
    Random random = ctx.random();
    String drawn = at + " " + id + " " + random.nextLong() + " " + random.nextInt(1000) + " "
        + random.nextDouble();
    String remembered = remember(drawn);
    ctx.sleep(PAUSE);
    return remembered + " | " + drawn;
  }
}
