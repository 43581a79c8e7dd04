package dev.durable.tests.workflows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.AwaitTimeoutException;
import dev.durable.runtime.RunFailedException;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.WorkflowContext;
import dev.durable.tests.support.Recorder;
import java.time.Duration;

/**
 * A parent run: starts a {@link ChargeWorkflow} child for its order, awaits it and ships what it
 * returned; a child that failed is answered with its code. An order starting with {@code
 * impatient} waits at most 10 s for its child; one containing {@code named} starts its child with
 * the id {@code "charge for " + order}. A run timeout of a minute.
 */
@Workflow(name = "checkout-parent")
public class CheckoutParentWorkflow {
  public static final long TIMEOUT_MS = 60_000;

  private final Recorder recorder;

  public CheckoutParentWorkflow(Recorder recorder) {
    this.recorder = recorder;
  }

  @Step
  protected String ship(String paid) {
    recorder.record("shipped " + paid);
    return "shipped: " + paid;
  }

  @Run(timeoutMs = TIMEOUT_MS)
  public String run(WorkflowContext ctx, String order) {
    RunHandle<String> child = order.contains("named")
        ? ChargeWorkflowClient.of(ctx).start("charge for " + order, order)
        : ChargeWorkflowClient.of(ctx).start(order);
    String paid;
    try {
      paid = order.startsWith("impatient") ? child.await(Duration.ofSeconds(10)) : child.await();
    } catch (AwaitTimeoutException e) {
      return "gave up waiting for " + child.id();
    } catch (RunFailedException e) {
      return "not shipped: " + e.code();
    }
    return ship(paid);
  }
}
