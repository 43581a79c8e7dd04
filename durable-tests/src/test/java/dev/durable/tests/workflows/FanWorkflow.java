package dev.durable.tests.workflows;

import dev.durable.annotations.Backoff;
import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.Parallel;
import dev.durable.runtime.Retry;
import dev.durable.runtime.RetryPolicy;
import dev.durable.tests.support.Gate;
import dev.durable.tests.support.Script;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Fans and groups: prices orders locally ({@code local}), quotes them on workers ({@code remote}),
 * both at once ({@code group}), retries by a per-call policy a local step ({@code override}), a
 * dispatched one ({@code override-remote}) or a fan's branches ({@code override-fan}), or tries to
 * fan out a step with a liveness window ({@code watched}).
 */
@Workflow(name = "fan")
public class FanWorkflow {
  private final PricingSteps pricing;
  private final Script script;
  private final Gate gate;

  public FanWorkflow(PricingSteps pricing, Script script, Gate gate) {
    this.pricing = pricing;
    this.script = script;
    this.gate = gate;
  }

  /** Orders whose sku starts with "gated" wait at their gate. */
  @Step(retries = 2, backoff = Backoff.FIXED, backoffMs = 1_000)
  protected Quote price(Order order) {
    script.enter("price:" + order.sku());
    if (order.sku().startsWith("gated")) {
      try {
        gate.pass(order.sku());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted at the gate", e);
      }
    }
    return new Quote(order.sku(), order.quantity() * 100L);
  }

  @Run
  public String run(FanRequest request) {
    List<Order> orders = request.orders();
    List<Quote> quotes = switch (request.mode()) {
      case "local" -> Parallel.fan(orders, this::price);
      case "remote" -> Parallel.fan(orders, PricingStepsDispatch.durable(),
          PricingStepsDispatch.Durable::quote);
      case "group" -> {
        Parallel.Group group = Parallel.group();
        Parallel.Branch<Quote> local = group.add(() -> price(orders.get(0)));
        Parallel.Branch<Quote> remote =
            group.add(PricingStepsDispatch.durable(), steps -> steps.quote(orders.get(1)));
        group.run();
        yield List.of(local.get(), remote.get());
      }
      case "override" -> List.of(Retry.with(
          RetryPolicy.of(4, Backoff.FIXED, 0, 0, false), () -> price(orders.get(0))));
      case "override-fan" -> Retry.with(
          RetryPolicy.of(4, Backoff.FIXED, 0, 0, false), () -> Parallel.fan(orders, this::price));
      case "override-remote" -> List.of(Retry.with(
          RetryPolicy.of(1, Backoff.FIXED, 0, 0, false), () -> pricing.quote(orders.get(0))));
      case "watched" -> Parallel.fan(orders, pricing::watched);
      default -> throw new IllegalArgumentException("unknown mode " + request.mode());
    };
    return quotes.stream().map(q -> q.sku() + "=" + q.cents()).collect(Collectors.joining(","));
  }
}
