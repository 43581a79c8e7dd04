package ${package};

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.WorkflowContext;
import java.time.Duration;

/**
 * A first workflow: each {@code @Step} is checkpointed once it completes and retried with backoff
 * when it throws; {@code ctx.sleep} waits durably, across restarts.
 */
@Workflow(name = "order")
public class OrderWorkflow {
  /**
   * How long an order may be cancelled before it ships: seconds here, so that App's run ends while
   * you watch. Hours or days work the same way: a sleeping run holds no thread.
   */
  public static final Duration CANCELLATION_WINDOW = Duration.ofSeconds(3);

  private final Inventory inventory;

  public OrderWorkflow(Inventory inventory) {
    this.inventory = inventory;
  }

  @Step(retries = 5, backoffMs = 200)                  // up to 5 attempts, 200 ms apart and more
  protected String reserve(String item) {
    return inventory.reserve(item);
  }

  @Step(retries = 3)
  protected String ship(String reservation) {
    return "shipped " + reservation;
  }

  @Run
  public String run(WorkflowContext ctx, String item) {
    String reservation = reserve(item);
    ctx.sleep(CANCELLATION_WINDOW);                    // durable: a restart does not reset it
    return ship(reservation);
  }
}
