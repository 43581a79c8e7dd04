package dev.durable.spring.boot.app;

import dev.durable.annotations.Run;
import dev.durable.annotations.Signal;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.WorkflowContext;

/** Mails a signal token for its approval, then waits for the signal the token sends. */
@Workflow(name = "approval")
public class ApprovalWorkflow {
  private final Mailbox mailbox;

  public ApprovalWorkflow(Mailbox mailbox) {
    this.mailbox = mailbox;
  }

  @Signal
  protected String approve() {
    return "never: the wait has no limit";
  }

  @Step
  protected String mail(String token) {
    mailbox.mail(token);
    return "mailed";
  }

  @Run
  public String run(WorkflowContext ctx, String expense) {
    mail(ctx.signalToken("approve"));
    return expense + " approved by " + approve();
  }
}
