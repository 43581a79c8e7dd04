package dev.durable.tests.workflows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.WorkflowContext;
import dev.durable.tests.support.Script;
import java.time.Duration;

/**
 * Passes a text through a step, makes a step return a text of a given length, and sleeps, so that
 * what was stored is read back on the next turn. For payload limits, odd strings, and stored values
 * that no longer decode.
 */
@Workflow(name = "payloads")
public class PayloadWorkflow {
  public static final Duration PAUSE = Duration.ofMinutes(1);

  private final Script script;

  public PayloadWorkflow(Script script) {
    this.script = script;
  }

  @Step
  protected String echo(String text) {
    script.enter("echo");
    return text;
  }

  @Step(retries = 3, backoffMs = 0)
  protected String produce(int chars) {
    script.enter("produce");
    return "x".repeat(chars);
  }

  @Step
  protected boolean approved(String text) {
    script.enter("approved");
    return !text.isEmpty();
  }

  /** Returns the echoed text (its length when long), the produced length, and the approval. */
  @Run
  public String run(WorkflowContext context, String text, int copies, int produced) {
    String echoed = echo(text.repeat(copies));
    int made = produce(produced).length();
    boolean approved = approved(echoed);
    context.sleep(PAUSE);
    return (echoed.length() > 100 ? echoed.length() + " chars" : echoed) + "/" + made + "/"
        + approved;
  }
}
