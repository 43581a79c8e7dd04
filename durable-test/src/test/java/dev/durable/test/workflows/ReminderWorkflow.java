package dev.durable.test.workflows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.WorkflowContext;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Reminds someone twice: two hours after the start, then a day after that, by durable sleeps. */
@Workflow(name = "reminder")
public class ReminderWorkflow {
  public static final Duration FIRST = Duration.ofHours(2);
  public static final Duration SECOND = Duration.ofDays(1);

  /** What the step saw: at which time of the workflow's clock each reminder went out. */
  public final List<String> sent = new ArrayList<>();

  @Step
  protected String remind(String who, int n) {
    sent.add(who + " #" + n);
    return "reminded " + who + " #" + n;
  }

  @Run
  public String run(WorkflowContext ctx, String who) {
    ctx.sleep(FIRST);
    String first = remind(who, 1);
    ctx.sleep(SECOND);
    return first + ", " + remind(who, 2);
  }
}
