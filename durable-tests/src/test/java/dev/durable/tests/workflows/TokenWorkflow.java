package dev.durable.tests.workflows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Signal;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.WorkflowContext;
import java.time.Duration;
import java.util.List;

/**
 * Asks for a decision by "e-mail": a step sends out a signal token, which whoever holds it uses to
 * send the signal {@code decision} ({@code engine.signalWithToken}); valid for {@code validForMs}
 * if positive, else until the run ends. With {@code validForMs} -1 it first hands out a token for
 * the signal {@code reminder}, whose wait lasts a minute, then waits for {@code decision}.
 */
@Workflow(name = "tokens")
public class TokenWorkflow {
  /** The value the token's holder sends. */
  public record Decision(boolean approved, String by) {}

  private final List<String> outbox;

  public TokenWorkflow(List<String> outbox) {
    this.outbox = outbox;
  }

  @Signal
  protected Decision decision() {
    return new Decision(false, "nobody");
  }

  @Signal
  protected String reminder(Duration wait) {
    return "none";
  }

  @Step
  protected String email(String token) {
    outbox.add(token);
    return "sent";
  }

  @Run
  public String run(WorkflowContext ctx, long validForMs) {
    if (validForMs == -1) {
      email(ctx.signalToken("reminder"));
      reminder(Duration.ofMinutes(1));
    }
    String token = validForMs > 0
        ? ctx.signalToken("decision", Duration.ofMillis(validForMs))
        : ctx.signalToken("decision");
    email(token);
    Decision decision = decision();
    return (decision.approved() ? "approved" : "declined") + " by " + decision.by();
  }
}
