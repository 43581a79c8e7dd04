package com.acme.schedule;

import dev.durable.annotations.Backoff;
import dev.durable.annotations.CatchUp;
import dev.durable.runtime.RetryPolicy;
import dev.durable.runtime.WorkflowContext;
import dev.durable.runtime.spi.DurableWorkflow;
import dev.durable.runtime.spi.StepType;
import dev.durable.runtime.spi.Steps;
import dev.durable.runtime.spi.WorkflowType;
import java.time.Instant;
import javax.annotation.processing.Generated;

/**
 * The durable state machine of {@link NightlyReport}, workflow {@code nightly-report} version
 * {@code 1}: register an instance with a {@code DurableEngine}. Each {@code @Step} method is
 * overridden to go through its checkpoint, so that a completed step returns its recorded result and
 * never runs again.
 */
@Generated("dev.durable.processor.DurableProcessor")
public class NightlyReportDurable extends NightlyReport implements DurableWorkflow<String> {
  /**
   * The stored identity and input and result types of workflow {@code nightly-report} version
   * {@code 1}, its schedules, and its step graph, which the engine checks runs in flight against.
   */
  public static final WorkflowType<String> WORKFLOW = WorkflowType.<String>builder("nightly-report", "1")
      .param("firedAt", NightlyReportCodecs.INSTANT)
      .result(NightlyReportCodecs.STRING)
      .schedule("0 0 2 * * *", "Europe/Berlin", CatchUp.LATEST)
      .schedule("0 0/15 * * * MON-FRI", "UTC", CatchUp.ALL)
      .graph(
          "run (java.time.Instant) -> java.lang.String",
          "step render (java.time.Instant) -> java.lang.String")
      .shape("{\n"
          + "  \"format\": 1,\n"
          + "  \"workflow\": \"nightly-report\",\n"
          + "  \"version\": \"1\",\n"
          + "  \"timeoutMs\": 0,\n"
          + "  \"nodes\": [\n"
          + "    {\"kind\": \"step\", \"name\": \"render\", \"retries\": 1}\n"
          + "  ],\n"
          + "  \"routes\": [],\n"
          + "  \"compensations\": [],\n"
          + "  \"onFailure\": null\n"
          + "}\n")
      .build();

  /** Step {@code render}: {@link NightlyReport#render(Instant)}. */
  static final StepType<String> RENDER = StepType.<String>builder("render")
      .retry(RetryPolicy.of(1, Backoff.EXP, 1000, 0, false))
      .param("firedAt", NightlyReportCodecs.INSTANT)
      .result(NightlyReportCodecs.STRING)
      .build();

  public NightlyReportDurable() {
    super();
  }

  @Override
  public WorkflowType<String> workflowType() {
    return WORKFLOW;
  }

  @Override
  public String execute(WorkflowContext context, Object[] input) throws Exception {
    return run((Instant) input[0]);
  }

  /** Checkpointed {@link NightlyReport#render(Instant)}. */
  @Override
  protected String render(Instant firedAt) {
    return Steps.call(RENDER, new Object[] {firedAt}, stepContext -> super.render(firedAt));
  }
}
