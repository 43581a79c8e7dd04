package com.acme;

import dev.durable.annotations.Backoff;
import dev.durable.runtime.RetryPolicy;
import dev.durable.runtime.StepContext;
import dev.durable.runtime.WorkflowContext;
import dev.durable.runtime.spi.DurableWorkflow;
import dev.durable.runtime.spi.StepType;
import dev.durable.runtime.spi.Steps;
import dev.durable.runtime.spi.WorkflowType;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import javax.annotation.processing.Generated;

/**
 * The durable state machine of {@link CheckoutWorkflow}, workflow {@code checkout} version
 * {@code 1}: register an instance with a {@code DurableEngine}. Each {@code @Step} method is
 * overridden to go through its checkpoint, so that a completed step returns its recorded result and
 * never runs again.
 */
@Generated("dev.durable.processor.DurableProcessor")
public class CheckoutWorkflowDurable extends CheckoutWorkflow implements DurableWorkflow<String> {
  /**
   * The stored identity and input and result types of workflow {@code checkout} version {@code 1},
   * and its step graph, which the engine checks runs in flight against.
   */
  public static final WorkflowType<String> WORKFLOW = WorkflowType.<String>builder("checkout", "1")
      .param("order", CheckoutWorkflowCodecs.ORDER)
      .result(CheckoutWorkflowCodecs.STRING)
      .graph(
          "run (com.acme.Order) -> java.lang.String",
          "step audit (java.util.List<java.util.Map<java.lang.String, com.acme.Order>>) -> java.lang.Void",
          "step charge (com.acme.Order, com.acme.Quote) -> com.acme.Charge",
          "step fetchQuote (com.acme.Order) -> com.acme.Quote")
      .shape("{\n"
          + "  \"format\": 1,\n"
          + "  \"workflow\": \"checkout\",\n"
          + "  \"version\": \"1\",\n"
          + "  \"timeoutMs\": 0,\n"
          + "  \"nodes\": [\n"
          + "    {\"kind\": \"step\", \"name\": \"fetchQuote\", \"retries\": 5, \"backoff\": \"EXP\", \"backoffMs\": 200, \"backoffMaxMs\": 10000, \"jitter\": true},\n"
          + "    {\"kind\": \"step\", \"name\": \"charge\", \"retries\": 3, \"backoff\": \"EXP\", \"backoffMs\": 1000, \"timeoutMs\": 5000, \"queue\": \"payments\"},\n"
          + "    {\"kind\": \"step\", \"name\": \"audit\", \"retries\": 1},\n"
          + "    {\"kind\": \"sleep\", \"name\": \"sleep\", \"duration\": \"Duration.ofMinutes(10)\"}\n"
          + "  ],\n"
          + "  \"routes\": [],\n"
          + "  \"compensations\": [],\n"
          + "  \"onFailure\": null\n"
          + "}\n")
      .build();

  /** Step {@code fetchQuote}: {@link CheckoutWorkflow#fetchQuote(Order)}. */
  static final StepType<Quote> FETCH_QUOTE = StepType.<Quote>builder("fetchQuote")
      .retry(RetryPolicy.of(5, Backoff.EXP, 200, 10000, true))
      .param("order", CheckoutWorkflowCodecs.ORDER)
      .result(CheckoutWorkflowCodecs.QUOTE)
      .build();

  /** Step {@code charge}: {@link CheckoutWorkflow#charge(StepContext, Order, Quote)}. */
  static final StepType<Charge> CHARGE = StepType.<Charge>builder("charge")
      .retry(RetryPolicy.of(3, Backoff.EXP, 1000, 0, false))
      .timeoutMs(5000)
      .queue("payments")
      .param("order", CheckoutWorkflowCodecs.ORDER)
      .param("quote", CheckoutWorkflowCodecs.QUOTE)
      .result(CheckoutWorkflowCodecs.CHARGE)
      .nonRetryable(error -> error instanceof IOException || error instanceof DeclinedException)
      .build();

  /** Step {@code audit}: {@link CheckoutWorkflow#audit(List)}. */
  static final StepType<Void> AUDIT = StepType.<Void>builder("audit")
      .retry(RetryPolicy.of(1, Backoff.EXP, 1000, 0, false))
      .param("batch", CheckoutWorkflowCodecs.LIST_OF_MAP_OF_STRING_TO_ORDER)
      .result(CheckoutWorkflowCodecs.VOID)
      .build();

  public CheckoutWorkflowDurable(PricingClient pricing) {
    super(pricing);
  }

  @Override
  public WorkflowType<String> workflowType() {
    return WORKFLOW;
  }

  @Override
  public String execute(WorkflowContext context, Object[] input) throws Exception {
    return run(context, (Order) input[0]);
  }

  /** Checkpointed {@link CheckoutWorkflow#fetchQuote(Order)}. */
  @Override
  protected Quote fetchQuote(Order order) {
    return Steps.call(FETCH_QUOTE, new Object[] {order}, stepContext -> super.fetchQuote(order));
  }

  /** Checkpointed {@link CheckoutWorkflow#charge(StepContext, Order, Quote)}. */
  @Override
  protected Charge charge(StepContext context, Order order, Quote quote) throws IOException {
    return Steps.call(CHARGE, new Object[] {order, quote}, stepContext -> super.charge(stepContext, order, quote));
  }

  /** Checkpointed {@link CheckoutWorkflow#audit(List)}. */
  @Override
  void audit(List<Map<String, Order>> batch) {
    Steps.call(AUDIT, new Object[] {batch}, stepContext -> {
      super.audit(batch);
      return null;
    });
  }
}
