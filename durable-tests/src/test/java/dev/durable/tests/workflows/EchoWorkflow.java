package dev.durable.tests.workflows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.WorkflowContext;
import dev.durable.tests.support.Script;
import java.time.Duration;

/**
 * Echoes its text through a step, then naps: what it stores is whatever the caller or the script
 * makes it store, bad data included.
 */
@Workflow(name = "echo")
public class EchoWorkflow {
  public static final Duration NAP = Duration.ofMinutes(1);

  private final Script script;

  public EchoWorkflow(Script script) {
    this.script = script;
  }

  @Step(retries = 3, backoffMs = 0)
  protected String echo(String text) {
    script.enter("echo");
    script.enter("echo:" + text);
    return text;
  }

  @Run
  public String run(WorkflowContext ctx, String text) {
    String echoed = echo(text);
    if (text.startsWith("nap")) {
      ctx.sleep(NAP);
    }
    return echoed;
  }
}
