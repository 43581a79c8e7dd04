package com.acme.valid;

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
 * The durable state machine of {@link SignupWorkflow}, workflow {@code signup} version {@code 1}:
 * register an instance with a {@code DurableEngine}. Each {@code @Step} method is overridden to go
 * through its checkpoint, so that a completed step returns its recorded result and never runs
 * again.
 */
@Generated("dev.durable.processor.DurableProcessor")
public class SignupWorkflowDurable extends SignupWorkflow implements DurableWorkflow<Receipt> {
  /**
   * The stored identity and input and result types of workflow {@code signup} version {@code 1},
   * and its step graph, which the engine checks runs in flight against.
   */
  public static final WorkflowType<Receipt> WORKFLOW = WorkflowType.<Receipt>builder("signup", "1")
      .param("signup", SignupWorkflowCodecs.SIGNUP, true, SignupWorkflowCodecs.RunParameters.class)
      .param("others", SignupWorkflowCodecs.LIST_OF_SIGNUP, true, SignupWorkflowCodecs.RunParameters.class)
      .param("plain", SignupWorkflowCodecs.PLAIN)
      .validatedParam("tags", SignupWorkflowCodecs.TAGS)
      .validatedResult(SignupWorkflowCodecs.RECEIPT)
      .graph(
          "run (com.acme.valid.Signup, java.util.List<com.acme.valid.Signup>, com.acme.valid.Plain, com.acme.valid.Tags) -> com.acme.valid.Receipt",
          "step plain (com.acme.valid.Plain) -> com.acme.valid.Plain",
          "step register (com.acme.valid.Signup, java.util.Map<java.lang.String, com.acme.valid.Plain>) -> com.acme.valid.Receipt")
      .shape("{\n"
          + "  \"format\": 1,\n"
          + "  \"workflow\": \"signup\",\n"
          + "  \"version\": \"1\",\n"
          + "  \"timeoutMs\": 0,\n"
          + "  \"nodes\": [\n"
          + "    {\"kind\": \"step\", \"name\": \"register\", \"retries\": 1}\n"
          + "  ],\n"
          + "  \"routes\": [],\n"
          + "  \"compensations\": [],\n"
          + "  \"onFailure\": null\n"
          + "}\n")
      .build();

  /** Step {@code register}: {@link SignupWorkflow#register(Signup, Map)}. */
  static final StepType<Receipt> REGISTER = StepType.<Receipt>builder("register")
      .retry(RetryPolicy.of(1, Backoff.EXP, 1000, 0, false))
      .validatedParam("signup", SignupWorkflowCodecs.SIGNUP)
      .param("extra", SignupWorkflowCodecs.MAP_OF_STRING_TO_PLAIN)
      .validatedResult(SignupWorkflowCodecs.RECEIPT)
      .build();

  /** Step {@code plain}: {@link SignupWorkflow#plain(Plain)}. */
  static final StepType<Plain> PLAIN = StepType.<Plain>builder("plain")
      .retry(RetryPolicy.of(1, Backoff.EXP, 1000, 0, false))
      .param("plain", SignupWorkflowCodecs.PLAIN)
      .result(SignupWorkflowCodecs.PLAIN)
      .build();

  public SignupWorkflowDurable() {
    super();
  }

  @Override
  public WorkflowType<Receipt> workflowType() {
    return WORKFLOW;
  }

  @Override
  @SuppressWarnings("unchecked")
  public Receipt execute(WorkflowContext context, Object[] input) throws Exception {
    return run((Signup) input[0], (List<Signup>) input[1], (Plain) input[2], (Tags) input[3]);
  }

  /** Checkpointed {@link SignupWorkflow#register(Signup, Map)}. */
  @Override
  Receipt register(Signup signup, Map<String, Plain> extra) {
    return Steps.call(REGISTER, new Object[] {signup, extra}, stepContext -> super.register(signup, extra));
  }

  /** Checkpointed {@link SignupWorkflow#plain(Plain)}. */
  @Override
  Plain plain(Plain plain) {
    return Steps.call(PLAIN, new Object[] {plain}, stepContext -> super.plain(plain));
  }
}
