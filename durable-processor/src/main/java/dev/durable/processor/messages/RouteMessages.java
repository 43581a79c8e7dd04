package dev.durable.processor.messages;

import javax.lang.model.element.Modifier;

/**
 * The diagnostics of error routes ({@code @OnError}), clean-ups ({@code @OnFailure}) and
 * compensations ({@code @Step(compensate)}): each constant a stable tag, what the rule catches (its
 * title in the error catalogue) and the text; each factory makes one {@link Message}.
 */
public enum RouteMessages implements MessageKind {

  // ---- @OnError --------------------------------------------------------------------------------

  /** Args: method, modifier. */
  ON_ERROR_MODIFIER(
      "on-error-modifier",
      "a private or static `@OnError` route",
      "@OnError method %s must not be %s: the generated subclass calls it when the run fails;"
          + " remove the %2$s modifier"),
  /** Args: method. */
  ON_ERROR_CODE(
      "on-error-code",
      "an `@OnError` route with an empty code, or a code another route takes",
      "@OnError method %s has an empty code; name the error code it takes, such as"
          + " @OnError(code = \"declined\")"),
  /** Args: code, the first method, this method. */
  ON_ERROR_CODE_DUPLICATE(
      "on-error-code-duplicate",
      "an `@OnError` route with an empty code, or a code another route takes",
      "error code '%s' is routed twice, by %s and by %s; a failure takes one route: remove one, or"
          + " give it another code"),
  /** Args: method, the @Run method. */
  ON_ERROR_PARAMETERS(
      "on-error-parameters",
      "an `@OnError` route whose parameters are not (optional `WorkflowContext`, `@Run`'s"
          + " inputs, optional `RunError`) or whose return type is not `@Run`'s",
      "@OnError method %s must take an optional WorkflowContext, then the stored inputs of @Run"
          + " method %s in order, then an optional RunError; change its parameters to match"),
  /** Args: method, its return type, the @Run method, its return type. */
  ON_ERROR_RESULT(
      "on-error-result",
      "an `@OnError` route whose parameters are not (optional `WorkflowContext`, `@Run`'s"
          + " inputs, optional `RunError`) or whose return type is not `@Run`'s",
      "@OnError method %s returns %s, but its result completes the run, whose @Run method %s"
          + " returns %s; return that type"),

  // ---- @OnFailure ------------------------------------------------------------------------------

  /** Args: method, the first @OnFailure method. */
  ON_FAILURE_SEVERAL(
      "on-failure-several",
      "a second `@OnFailure` method, or a private or static one",
      "@OnFailure method %s is a second clean-up of its workflow, whose first is %s; a failed run"
          + " is cleaned up once: keep one @OnFailure method"),
  /** Args: method, modifier. */
  ON_FAILURE_MODIFIER(
      "on-failure-modifier",
      "a second `@OnFailure` method, or a private or static one",
      "@OnFailure method %s must not be %s: the generated subclass calls it when the run has"
          + " failed; remove the %2$s modifier"),
  /** Args: method, its return type. */
  ON_FAILURE_RESULT(
      "on-failure-result",
      "an `@OnFailure` method whose parameters are not (optional `WorkflowContext`, `@Run`'s"
          + " inputs, optional `RunError`) or that is not void",
      "@OnFailure method %s returns %s, but a clean-up's result is not used: the run fails with"
          + " its original error; make it void"),
  /** Args: method, the @Run method. */
  ON_FAILURE_PARAMETERS(
      "on-failure-parameters",
      "an `@OnFailure` method whose parameters are not (optional `WorkflowContext`, `@Run`'s"
          + " inputs, optional `RunError`) or that is not void",
      "@OnFailure method %s must take an optional WorkflowContext, then the stored inputs of @Run"
          + " method %s in order, then an optional RunError; change its parameters to match"),

  // ---- @Step(compensate) ------------------------------------------------------------------------

  /** Args: the step method, the name, the workflow class. */
  COMPENSATE_MISSING(
      "compensate-missing",
      "a `@Step(compensate = ...)` naming no method of the workflow, or a method that is not"
          + " a `@Step`",
      "@Step method %s names compensate = \"%s\", but %s has no method of that name; name the"
          + " @Step method of the same workflow that undoes it"),
  /** Args: the step method, the compensation method. */
  COMPENSATE_NOT_STEP(
      "compensate-not-step",
      "a `@Step(compensate = ...)` naming no method of the workflow, or a method that is not"
          + " a `@Step`",
      "@Step method %s is compensated by %s, which is not a @Step: a compensation runs as a"
          + " checkpointed step with retries of its own; annotate it with @Step"),
  /** Args: the step method, the compensation method, the expected parameters, its parameters. */
  COMPENSATE_SIGNATURE(
      "compensate-signature",
      "a compensation that does not take the step's parameters and result, or that names a"
          + " `compensate` of its own",
      "@Step method %s is compensated by %s, which must take the step's parameters followed by its"
          + " result, %s (after an optional StepContext), but takes %s; change its parameters to"
          + " match"),
  /** Args: the step method, the compensation method. */
  COMPENSATE_CHAINED(
      "compensate-chained",
      "a compensation that does not take the step's parameters and result, or that names a"
          + " `compensate` of its own",
      "@Step method %s is compensated by %s, which names a compensate of its own; a compensation"
          + " is not undone in turn: remove compensate from %2$s"),
  /** Args: the contract step method. */
  CONTRACT_COMPENSATE(
      "contract-compensate",
      "a `compensate` on a contract step (a workflow step that calls it can have one)",
      "compensate applies only to the steps of a @Workflow class, but %s is a step of a step"
          + " contract; give the workflow a @Step that calls the undoing contract step, and remove"
          + " compensate here");

  private final String tag;
  private final String title;
  private final String template;

  RouteMessages(String tag, String title, String template) {
    this.tag = tag;
    this.title = title;
    this.template = template;
  }

  @Override
  public String tag() {
    return "durable:" + tag;
  }

  @Override
  public String title() {
    return title;
  }

  @Override
  public String template() {
    return template;
  }

  // ---- One factory per message, its arguments typed and named ---------------------------------

  /** {@link #ON_ERROR_MODIFIER}. */
  public static Message onErrorModifier(String method, Modifier modifier) {
    return Message.of(ON_ERROR_MODIFIER, method, modifier);
  }

  /** {@link #ON_ERROR_CODE}. */
  public static Message onErrorCode(String method) {
    return Message.of(ON_ERROR_CODE, method);
  }

  /** {@link #ON_ERROR_CODE_DUPLICATE}. */
  public static Message onErrorCodeDuplicate(String code, String firstMethod, String method) {
    return Message.of(ON_ERROR_CODE_DUPLICATE, code, firstMethod, method);
  }

  /** {@link #ON_ERROR_PARAMETERS}. */
  public static Message onErrorParameters(String method, String runMethod) {
    return Message.of(ON_ERROR_PARAMETERS, method, runMethod);
  }

  /** {@link #ON_ERROR_RESULT}. */
  public static Message onErrorResult(
      String method, String returnType, String runMethod, String runReturnType) {
    return Message.of(ON_ERROR_RESULT, method, returnType, runMethod, runReturnType);
  }

  /** {@link #ON_FAILURE_SEVERAL}. */
  public static Message onFailureSeveral(String method, String firstMethod) {
    return Message.of(ON_FAILURE_SEVERAL, method, firstMethod);
  }

  /** {@link #ON_FAILURE_MODIFIER}. */
  public static Message onFailureModifier(String method, Modifier modifier) {
    return Message.of(ON_FAILURE_MODIFIER, method, modifier);
  }

  /** {@link #ON_FAILURE_RESULT}. */
  public static Message onFailureResult(String method, String returnType) {
    return Message.of(ON_FAILURE_RESULT, method, returnType);
  }

  /** {@link #ON_FAILURE_PARAMETERS}. */
  public static Message onFailureParameters(String method, String runMethod) {
    return Message.of(ON_FAILURE_PARAMETERS, method, runMethod);
  }

  /** {@link #COMPENSATE_MISSING}. */
  public static Message compensateMissing(String step, String name, String workflow) {
    return Message.of(COMPENSATE_MISSING, step, name, workflow);
  }

  /** {@link #COMPENSATE_NOT_STEP}. */
  public static Message compensateNotStep(String step, String compensation) {
    return Message.of(COMPENSATE_NOT_STEP, step, compensation);
  }

  /** {@link #COMPENSATE_SIGNATURE}. */
  public static Message compensateSignature(
      String step, String compensation, String expectedParameters, String parameters) {
    return Message.of(COMPENSATE_SIGNATURE, step, compensation, expectedParameters, parameters);
  }

  /** {@link #COMPENSATE_CHAINED}. */
  public static Message compensateChained(String step, String compensation) {
    return Message.of(COMPENSATE_CHAINED, step, compensation);
  }

  /** {@link #CONTRACT_COMPENSATE}. */
  public static Message contractCompensate(String method) {
    return Message.of(CONTRACT_COMPENSATE, method);
  }
}
