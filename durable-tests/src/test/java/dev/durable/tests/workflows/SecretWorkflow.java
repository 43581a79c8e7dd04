package dev.durable.tests.workflows;

import dev.durable.annotations.Backoff;
import dev.durable.annotations.Run;
import dev.durable.annotations.Signal;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.WorkflowContext;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Carries its input, a secret, through every kind of payload the store keeps: a local step's
 * argument and result, a first attempt's error message, a dispatched step's (served by a worker),
 * an event, a stream item, a signal's value (the signal's own value is the caller's) and its
 * result.
 */
@Workflow(name = "secret")
public class SecretWorkflow {
  private final SecretSteps remote;
  private final AtomicInteger attempts = new AtomicInteger();

  public SecretWorkflow(SecretSteps remote) {
    this.remote = remote;
  }

  @Signal
  protected String reply() {
    return "never: the wait has no limit";
  }

  @Step
  protected String local(String secret) {
    return "local:" + secret;
  }

  /** Fails its first attempt with a message that quotes its argument. */
  @Step(retries = 2, backoff = Backoff.FIXED, backoffMs = 10)
  protected String flaky(String secret) {
    if (attempts.incrementAndGet() == 1) {
      throw new IllegalStateException("first attempt refused " + secret);
    }
    return "flaky:" + secret;
  }

  @Run
  public String run(WorkflowContext ctx, String secret) {
    String local = local(secret);
    String flaky = flaky(secret);
    String noted = remote.note(secret);
    ctx.setEvent("event", "event:" + secret);
    ctx.writeStream("stream", "stream:" + secret);
    ctx.closeStream("stream");
    String reply = reply();
    return String.join("|", local, flaky, noted, reply, "done:" + secret);
  }
}
