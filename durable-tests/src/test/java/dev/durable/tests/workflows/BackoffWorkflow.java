package dev.durable.tests.workflows;

import dev.durable.annotations.Backoff;
import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.tests.support.Script;

/** One step per backoff kind; a test scripts how often each fails. */
@Workflow(name = "backoff")
public class BackoffWorkflow {
  private final Script script;

  public BackoffWorkflow(Script script) {
    this.script = script;
  }

  @Step(retries = 4, backoff = Backoff.EXP, backoffMs = 100)
  protected int exp() {
    script.enter("exp");
    return 1;
  }

  @Step(retries = 4, backoff = Backoff.LINEAR, backoffMs = 300)
  protected int linear() {
    script.enter("linear");
    return 2;
  }

  @Step(retries = 4, backoff = Backoff.FIXED, backoffMs = 700)
  protected int fixed() {
    script.enter("fixed");
    return 3;
  }

  @Step(retries = 5, backoff = Backoff.EXP, backoffMs = 1000, backoffMaxMs = 2500)
  protected int capped() {
    script.enter("capped");
    return 4;
  }

  @Step(retries = 3, backoff = Backoff.FIXED, backoffMs = 1000, jitter = true)
  protected int jittered() {
    script.enter("jittered");
    return 5;
  }

  @Run
  public int run() {
    return exp() + linear() + fixed() + capped() + jittered();
  }
}
