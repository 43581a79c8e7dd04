package com.acme.edge;

import com.acme.Order;
import dev.durable.annotations.Backoff;
import dev.durable.runtime.RetryPolicy;
import dev.durable.runtime.WorkflowContext;
import dev.durable.runtime.spi.DurableWorkflow;
import dev.durable.runtime.spi.StepType;
import dev.durable.runtime.spi.Steps;
import dev.durable.runtime.spi.WorkflowType;
import java.util.List;
import java.util.Map;
import javax.annotation.processing.Generated;

/**
 * The durable state machine of {@link PrimitiveWorkflow}, workflow {@code PrimitiveWorkflow}
 * version {@code 1}: register an instance with a {@code DurableEngine}. Each {@code @Step} method
 * is overridden to go through its checkpoint, so that a completed step returns its recorded result
 * and never runs again.
 */
@Generated("dev.durable.processor.DurableProcessor")
public class PrimitiveWorkflowDurable extends PrimitiveWorkflow implements DurableWorkflow<Integer> {
  /**
   * The stored identity and input and result types of workflow {@code PrimitiveWorkflow} version
   * {@code 1}, and its step graph, which the engine checks runs in flight against.
   */
  public static final WorkflowType<Integer> WORKFLOW = WorkflowType.<Integer>builder("PrimitiveWorkflow", "1")
      .param("runId", PrimitiveWorkflowCodecs.INTEGER)
      .param("values", PrimitiveWorkflowCodecs.LONG_ARRAY)
      .param("batches", PrimitiveWorkflowCodecs.LIST_OF_MAP_OF_STRING_TO_ORDER)
      .param("orders", PrimitiveWorkflowCodecs.LIST_OF_ORDER)
      .param("runs", PrimitiveWorkflowCodecs.STRING)
      .result(PrimitiveWorkflowCodecs.INTEGER)
      .graph(
          "run (java.lang.Integer, long[], java.util.List<java.util.Map<java.lang.String, com.acme.Order>>, java.util.List<com.acme.Order>, java.lang.String) -> java.lang.Integer",
          "step half (java.lang.Double) -> java.lang.Double")
      .shape("{\n"
          + "  \"format\": 1,\n"
          + "  \"workflow\": \"PrimitiveWorkflow\",\n"
          + "  \"version\": \"1\",\n"
          + "  \"timeoutMs\": 0,\n"
          + "  \"nodes\": [\n"
          + "    {\"kind\": \"step\", \"name\": \"half\", \"retries\": 1}\n"
          + "  ],\n"
          + "  \"routes\": [],\n"
          + "  \"compensations\": [],\n"
          + "  \"onFailure\": null\n"
          + "}\n")
      .build();

  /** Step {@code half}: {@link PrimitiveWorkflow#half(double)}. */
  static final StepType<Double> HALF = StepType.<Double>builder("half")
      .retry(RetryPolicy.of(1, Backoff.EXP, 1000, 0, false))
      .param("x", PrimitiveWorkflowCodecs.DOUBLE)
      .result(PrimitiveWorkflowCodecs.DOUBLE)
      .build();

  public PrimitiveWorkflowDurable() {
    super();
  }

  @Override
  public WorkflowType<Integer> workflowType() {
    return WORKFLOW;
  }

  @Override
  @SuppressWarnings("unchecked")
  public Integer execute(WorkflowContext context, Object[] input) throws Exception {
    return compute(context, (int) input[0], (long[]) input[1], (List<Map<String, Order>>) input[2], (List<? extends Order>) input[3], (String) input[4]);
  }

  /** Checkpointed {@link PrimitiveWorkflow#half(double)}. */
  @Override
  double half(double x) {
    return Steps.call(HALF, new Object[] {x}, stepContext -> super.half(x));
  }
}
