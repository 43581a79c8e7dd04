package com.acme.edge;

import com.acme.Order;
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
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeoutException;
import javax.annotation.processing.Generated;

/**
 * The durable state machine of {@link Outer.Inner}, workflow {@code edge.cases} version
 * {@code 2024-01}: register an instance with a {@code DurableEngine}. Each {@code @Step} method is
 * overridden to go through its checkpoint, so that a completed step returns its recorded result and
 * never runs again.
 */
@Generated("dev.durable.processor.DurableProcessor")
public class Outer_InnerDurable extends Outer.Inner implements DurableWorkflow<Void> {
  /**
   * The stored identity and input and result types of workflow {@code edge.cases} version
   * {@code 2024-01}, and its step graph, which the engine checks runs in flight against.
   */
  public static final WorkflowType<Void> WORKFLOW = WorkflowType.<Void>builder("edge.cases", "2024-01")
      .result(Outer_InnerCodecs.VOID)
      .graph(
          "run () -> java.lang.Void",
          "step bytes (byte[], com.acme.Order[][], int[]) -> byte[]",
          "step clash (java.lang.String, java.lang.String, java.lang.String, java.lang.String, java.lang.String) -> java.lang.Void",
          "step pick.one (java.lang.Integer, java.lang.Long) -> java.lang.Integer",
          "step pick.two (java.util.Optional<com.acme.Order>, com.acme.edge.Outer.Item[]) -> java.util.Optional<com.acme.Order>",
          "step workflow (java.util.Set<java.util.Map<java.lang.String, com.acme.Order>>) -> java.util.Map<java.lang.String, java.util.List<com.acme.Order>>")
      .shape("{\n"
          + "  \"format\": 1,\n"
          + "  \"workflow\": \"edge.cases\",\n"
          + "  \"version\": \"2024-01\",\n"
          + "  \"timeoutMs\": 0,\n"
          + "  \"nodes\": [\n"
          + "    {\"kind\": \"step\", \"name\": \"pick.one\", \"retries\": 3, \"backoff\": \"FIXED\", \"backoffMs\": 0}\n"
          + "  ],\n"
          + "  \"routes\": [],\n"
          + "  \"compensations\": [],\n"
          + "  \"onFailure\": null\n"
          + "}\n")
      .build();

  /** Step {@code pick.one}: {@link Outer.Inner#pick(int, long)}. */
  static final StepType<Integer> PICK_ONE = StepType.<Integer>builder("pick.one")
      .retry(RetryPolicy.of(3, Backoff.FIXED, 0, 0, false))
      .param("a", Outer_InnerCodecs.INTEGER)
      .param("b", Outer_InnerCodecs.LONG)
      .result(Outer_InnerCodecs.INTEGER)
      .build();

  /** Step {@code pick.two}: {@link Outer.Inner#pick(StepContext, Optional, Outer.Item[])}. */
  static final StepType<Optional<Order>> PICK_TWO = StepType.<Optional<Order>>builder("pick.two")
      .retry(RetryPolicy.of(2, Backoff.LINEAR, 1000, 5000000000L, false))
      .param("order", Outer_InnerCodecs.OPTIONAL_OF_ORDER)
      .param("items", Outer_InnerCodecs.OUTER_ITEM_ARRAY)
      .result(Outer_InnerCodecs.OPTIONAL_OF_ORDER)
      .build();

  /** Step {@code bytes}: {@link Outer.Inner#bytes(byte[], Order[][], int[])}. */
  static final StepType<byte[]> BYTES = StepType.<byte[]>builder("bytes")
      .retry(RetryPolicy.of(1, Backoff.EXP, 1000, 0, false))
      .timeoutMs(3000000000L)
      .param("data", Outer_InnerCodecs.BYTE_ARRAY)
      .param("grid", Outer_InnerCodecs.ORDER_ARRAY_ARRAY)
      .param("counts", Outer_InnerCodecs.INT_ARRAY)
      .result(Outer_InnerCodecs.BYTE_ARRAY)
      .nonRetryable(error -> error instanceof TimeoutException)
      .build();

  /** Step {@code clash}: {@link Outer.Inner#clash(String, String, String, String, String)}. */
  static final StepType<Void> CLASH = StepType.<Void>builder("clash")
      .retry(RetryPolicy.of(1, Backoff.EXP, 1000, 0, false))
      .param("runId", Outer_InnerCodecs.STRING)
      .param("context", Outer_InnerCodecs.STRING)
      .param("input", Outer_InnerCodecs.STRING)
      .param("stepContext_", Outer_InnerCodecs.STRING)
      .param("CLASH", Outer_InnerCodecs.STRING)
      .result(Outer_InnerCodecs.VOID)
      .build();

  /** Step {@code workflow}: {@link Outer.Inner#wild(Set)}. */
  static final StepType<Map<String, ? extends List<Order>>> WORKFLOW_STEP = StepType.<Map<String, ? extends List<Order>>>builder("workflow")
      .retry(RetryPolicy.of(1, Backoff.EXP, 1000, 0, false))
      .param("entries", Outer_InnerCodecs.SET_OF_MAP_OF_STRING_TO_ORDER)
      .result(Outer_InnerCodecs.MAP_OF_STRING_TO_LIST_OF_ORDER)
      .build();

  public Outer_InnerDurable() {
    super();
  }

  public Outer_InnerDurable(String... names) {
    super(names);
  }

  public Outer_InnerDurable(int size, List<String> labels) throws IOException {
    super(size, labels);
  }

  @Override
  public WorkflowType<Void> workflowType() {
    return WORKFLOW;
  }

  @Override
  public Void execute(WorkflowContext context, Object[] input) throws Exception {
    go();
    return null;
  }

  /** Checkpointed {@link Outer.Inner#pick(int, long)}. */
  @Override
  public int pick(int a, long b) {
    return Steps.call(PICK_ONE, new Object[] {a, b}, stepContext -> super.pick(a, b));
  }

  /** Checkpointed {@link Outer.Inner#pick(StepContext, Optional, Outer.Item[])}. */
  @Override
  public Optional<Order> pick(StepContext stepContext, Optional<Order> order, Outer.Item... items) {
    return Steps.call(PICK_TWO, new Object[] {order, items}, stepContext_ -> super.pick(stepContext_, order, items));
  }

  /** Checkpointed {@link Outer.Inner#bytes(byte[], Order[][], int[])}. */
  @Override
  byte[] bytes(byte[] data, Order[][] grid, int[] counts) throws IOException, TimeoutException {
    return Steps.call(BYTES, new Object[] {data, grid, counts}, stepContext -> super.bytes(data, grid, counts));
  }

  /** Checkpointed {@link Outer.Inner#clash(String, String, String, String, String)}. */
  @Override
  protected void clash(String runId, String context, String input, String stepContext_,
      String CLASH) {
    Steps.call(Outer_InnerDurable.CLASH, new Object[] {runId, context, input, stepContext_, CLASH}, stepContext -> {
      super.clash(runId, context, input, stepContext_, CLASH);
      return null;
    });
  }

  /** Checkpointed {@link Outer.Inner#wild(Set)}. */
  @Override
  Map<String, ? extends List<Order>> wild(Set<Map<String, Order>> entries) {
    return Steps.call(WORKFLOW_STEP, new Object[] {entries}, stepContext -> super.wild(entries));
  }
}
