package dev.durable.tests.workflows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.tests.support.Script;

/** A void {@code @Run} with a void step, and a step that calls another step method directly. */
@Workflow(name = "notify")
public class NotifyWorkflow {
  private final Script script;

  public NotifyWorkflow(Script script) {
    this.script = script;
  }

  @Step
  protected void send(String to) {
    script.enter("send:" + to);
  }

  @Step
  protected void sendAll() {
    script.enter("sendAll");
    send("a");
    send("b");
  }

  @Run
  public void run() {
    sendAll();
  }
}
