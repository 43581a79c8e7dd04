package com.acme.signal;

import com.acme.Quote;
import dev.durable.annotations.Backoff;
import dev.durable.runtime.RetryPolicy;
import dev.durable.runtime.WorkflowContext;
import dev.durable.runtime.spi.DurableWorkflow;
import dev.durable.runtime.spi.SignalType;
import dev.durable.runtime.spi.Signals;
import dev.durable.runtime.spi.StepType;
import dev.durable.runtime.spi.Steps;
import dev.durable.runtime.spi.WorkflowType;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import javax.annotation.processing.Generated;

/**
 * The durable state machine of {@link ApprovalWorkflow}, workflow {@code approval} version
 * {@code 1}: register an instance with a {@code DurableEngine}. Each {@code @Step} method is
 * overridden to go through its checkpoint, so that a completed step returns its recorded result and
 * never runs again.
 */
@Generated("dev.durable.processor.DurableProcessor")
public class ApprovalWorkflowDurable extends ApprovalWorkflow implements DurableWorkflow<String> {
  /**
   * The stored identity and input and result types of workflow {@code approval} version {@code 1},
   * and its step graph, which the engine checks runs in flight against.
   */
  public static final WorkflowType<String> WORKFLOW = WorkflowType.<String>builder("approval", "1")
      .param("request", ApprovalWorkflowCodecs.STRING)
      .result(ApprovalWorkflowCodecs.STRING)
      .graph(
          "run (java.lang.String) -> java.lang.String",
          "signal approval.decision -> java.lang.Boolean",
          "signal comments -> java.util.List<java.lang.String>",
          "signal counterOffer -> com.acme.Quote",
          "signal legacyScore -> java.lang.Integer",
          "step record (java.lang.String) -> java.lang.String")
      .shape("{\n"
          + "  \"format\": 1,\n"
          + "  \"workflow\": \"approval\",\n"
          + "  \"version\": \"1\",\n"
          + "  \"timeoutMs\": 0,\n"
          + "  \"nodes\": [\n"
          + "    {\"kind\": \"signal\", \"name\": \"counterOffer\", \"wait\": \"Duration.ofHours(1)\"},\n"
          + "    {\"kind\": \"signal\", \"name\": \"approval.decision\"},\n"
          + "    {\"kind\": \"signal\", \"name\": \"comments\", \"wait\": \"Duration.ofMinutes(5)\"},\n"
          + "    {\"kind\": \"step\", \"name\": \"record\", \"retries\": 1}\n"
          + "  ],\n"
          + "  \"routes\": [],\n"
          + "  \"compensations\": [],\n"
          + "  \"onFailure\": null\n"
          + "}\n")
      .build();

  /** Step {@code record}: {@link ApprovalWorkflow#record(String)}. */
  static final StepType<String> RECORD = StepType.<String>builder("record")
      .retry(RetryPolicy.of(1, Backoff.EXP, 1000, 0, false))
      .param("decision", ApprovalWorkflowCodecs.STRING)
      .result(ApprovalWorkflowCodecs.STRING)
      .build();

  /** Signal {@code counterOffer}: {@link ApprovalWorkflow#counterOffer(Duration)}. */
  static final SignalType<Quote> COUNTER_OFFER_SIGNAL = SignalType.of("counterOffer",
      ApprovalWorkflowCodecs.QUOTE);

  /** Signal {@code approval.decision}: {@link ApprovalWorkflow#approved()}. */
  static final SignalType<Boolean> APPROVAL_DECISION_SIGNAL = SignalType.of("approval.decision",
      ApprovalWorkflowCodecs.BOOLEAN);

  /** Signal {@code comments}: {@link ApprovalWorkflow#comments(Duration)}. */
  static final SignalType<List<String>> COMMENTS_SIGNAL = SignalType.of("comments",
      ApprovalWorkflowCodecs.LIST_OF_STRING);

  /** Signal {@code legacyScore}: {@link ApprovalWorkflow#legacyScore()}. */
  static final SignalType<Integer> LEGACY_SCORE_SIGNAL = SignalType.of("legacyScore",
      ApprovalWorkflowCodecs.INTEGER);

  public ApprovalWorkflowDurable() {
    super();
  }

  @Override
  public WorkflowType<String> workflowType() {
    return WORKFLOW;
  }

  @Override
  public List<SignalType<?>> signals() {
    return List.of(COUNTER_OFFER_SIGNAL, APPROVAL_DECISION_SIGNAL, COMMENTS_SIGNAL,
        LEGACY_SCORE_SIGNAL);
  }

  @Override
  public String execute(WorkflowContext context, Object[] input) throws Exception {
    return run((String) input[0]);
  }

  /** Checkpointed {@link ApprovalWorkflow#record(String)}. */
  @Override
  protected String record(String decision) {
    return Steps.call(RECORD, new Object[] {decision}, stepContext -> super.record(decision));
  }

  /**
   * Waits durably for the next signal {@code counterOffer} sent to the run;
   * {@link ApprovalWorkflow#counterOffer(Duration)} gives the value when none came in time.
   */
  @Override
  protected Quote counterOffer(Duration wait) {
    return Signals.await(COUNTER_OFFER_SIGNAL, wait, () -> super.counterOffer(wait));
  }

  /**
   * Waits durably for the next signal {@code approval.decision} sent to the run;
   * {@link ApprovalWorkflow#approved()} gives the value when none came in time.
   */
  @Override
  public boolean approved() {
    return Signals.await(APPROVAL_DECISION_SIGNAL, null, () -> super.approved());
  }

  /**
   * Waits durably for the next signal {@code comments} sent to the run;
   * {@link ApprovalWorkflow#comments(Duration)} gives the value when none came in time.
   */
  @Override
  List<String> comments(Duration limit) throws IOException {
    return Signals.await(COMMENTS_SIGNAL, limit, () -> super.comments(limit));
  }

  /**
   * Waits durably for the next signal {@code legacyScore} sent to the run;
   * {@link ApprovalWorkflow#legacyScore()} gives the value when none came in time.
   */
  @Override
  @Deprecated
  protected int legacyScore() {
    return Signals.await(LEGACY_SCORE_SIGNAL, null, () -> super.legacyScore());
  }
}
