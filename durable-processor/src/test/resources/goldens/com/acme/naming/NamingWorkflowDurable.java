package com.acme.naming;

import com.other.Order;
import dev.durable.annotations.Backoff;
import dev.durable.runtime.RetryPolicy;
import dev.durable.runtime.WorkflowContext;
import dev.durable.runtime.spi.DurableWorkflow;
import dev.durable.runtime.spi.StepType;
import dev.durable.runtime.spi.Steps;
import dev.durable.runtime.spi.WorkflowType;
import java.util.List;
import javax.annotation.processing.Generated;

/**
 * The durable state machine of {@link NamingWorkflow}, workflow {@code naming} version {@code 1}:
 * register an instance with a {@code DurableEngine}. Each {@code @Step} method is overridden to go
 * through its checkpoint, so that a completed step returns its recorded result and never runs
 * again.
 */
@Generated("dev.durable.processor.DurableProcessor")
public class NamingWorkflowDurable extends NamingWorkflow implements DurableWorkflow<List<Order>> {
  /**
   * The stored identity and input and result types of workflow {@code naming} version {@code 1},
   * and its step graph, which the engine checks runs in flight against.
   */
  public static final WorkflowType<List<Order>> WORKFLOW = WorkflowType.<List<Order>>builder("naming", "1")
      .param("mine", NamingWorkflowCodecs.ORDER)
      .param("theirs", NamingWorkflowCodecs.COM_OTHER_ORDER)
      .param("types", NamingWorkflowCodecs.COM_ACME_NAMING_TYPES)
      .result(NamingWorkflowCodecs.LIST_OF_COM_OTHER_ORDER)
      .graph(
          "run (com.acme.Order, com.other.Order, com.acme.naming.Types) -> java.util.List<com.other.Order>",
          "step 1st () -> java.lang.Void",
          "step fetch-quote (com.acme.Order) -> com.acme.Order",
          "step fetch.quote (com.acme.Order) -> com.acme.Order",
          "step fetchQuote (java.util.List<com.acme.Order>, java.util.List<com.other.Order>) -> com.acme.Order",
          "step workflow () -> java.lang.Void")
      .shape("{\n"
          + "  \"format\": 1,\n"
          + "  \"workflow\": \"naming\",\n"
          + "  \"version\": \"1\",\n"
          + "  \"timeoutMs\": 0,\n"
          + "  \"nodes\": [],\n"
          + "  \"routes\": [],\n"
          + "  \"compensations\": [],\n"
          + "  \"onFailure\": null\n"
          + "}\n")
      .build();

  /** Step {@code fetchQuote}: {@link NamingWorkflow#fetchQuote(List, List)}. */
  static final StepType<com.acme.Order> FETCH_QUOTE = StepType.<com.acme.Order>builder("fetchQuote")
      .retry(RetryPolicy.of(1, Backoff.EXP, 1000, 0, false))
      .param("mine", NamingWorkflowCodecs.LIST_OF_ORDER)
      .param("theirs", NamingWorkflowCodecs.LIST_OF_COM_OTHER_ORDER)
      .result(NamingWorkflowCodecs.ORDER)
      .build();

  /** Step {@code fetch-quote}: {@link NamingWorkflow#fetchQuoteAgain(com.acme.Order)}. */
  static final StepType<com.acme.Order> FETCH_QUOTE_STEP = StepType.<com.acme.Order>builder("fetch-quote")
      .retry(RetryPolicy.of(1, Backoff.EXP, 1000, 0, false))
      .param("order", NamingWorkflowCodecs.ORDER)
      .result(NamingWorkflowCodecs.ORDER)
      .build();

  /** Step {@code fetch.quote}: {@link NamingWorkflow#fetchQuoteOnceMore(com.acme.Order)}. */
  static final StepType<com.acme.Order> FETCH_QUOTE_2 = StepType.<com.acme.Order>builder("fetch.quote")
      .retry(RetryPolicy.of(1, Backoff.EXP, 1000, 0, false))
      .param("order", NamingWorkflowCodecs.ORDER)
      .result(NamingWorkflowCodecs.ORDER)
      .build();

  /** Step {@code workflow}: {@link NamingWorkflow#workflow()}. */
  static final StepType<Void> WORKFLOW_STEP = StepType.<Void>builder("workflow")
      .retry(RetryPolicy.of(1, Backoff.EXP, 1000, 0, false))
      .result(NamingWorkflowCodecs.VOID)
      .build();

  /** Step {@code 1st}: {@link NamingWorkflow#first()}. */
  static final StepType<Void> STEP_1ST = StepType.<Void>builder("1st")
      .retry(RetryPolicy.of(1, Backoff.EXP, 1000, 0, false))
      .result(NamingWorkflowCodecs.VOID)
      .build();

  public NamingWorkflowDurable() {
    super();
  }

  @Override
  public WorkflowType<List<Order>> workflowType() {
    return WORKFLOW;
  }

  @Override
  public List<Order> execute(WorkflowContext context, Object[] input) throws Exception {
    return run((com.acme.Order) input[0], (Order) input[1], (Types) input[2]);
  }

  /** Checkpointed {@link NamingWorkflow#fetchQuote(List, List)}. */
  @Override
  public com.acme.Order fetchQuote(List<com.acme.Order> mine, List<Order> theirs) {
    return Steps.call(FETCH_QUOTE, new Object[] {mine, theirs}, stepContext -> super.fetchQuote(mine, theirs));
  }

  /** Checkpointed {@link NamingWorkflow#fetchQuoteAgain(com.acme.Order)}. */
  @Override
  public com.acme.Order fetchQuoteAgain(com.acme.Order order) {
    return Steps.call(FETCH_QUOTE_STEP, new Object[] {order}, stepContext -> super.fetchQuoteAgain(order));
  }

  /** Checkpointed {@link NamingWorkflow#fetchQuoteOnceMore(com.acme.Order)}. */
  @Override
  public com.acme.Order fetchQuoteOnceMore(com.acme.Order order) {
    return Steps.call(FETCH_QUOTE_2, new Object[] {order}, stepContext -> super.fetchQuoteOnceMore(order));
  }

  /** Checkpointed {@link NamingWorkflow#workflow()}. */
  @Override
  public void workflow() {
    Steps.call(WORKFLOW_STEP, new Object[] {}, stepContext -> {
      super.workflow();
      return null;
    });
  }

  /** Checkpointed {@link NamingWorkflow#first()}. */
  @Override
  public void first() {
    Steps.call(STEP_1ST, new Object[] {}, stepContext -> {
      super.first();
      return null;
    });
  }
}
