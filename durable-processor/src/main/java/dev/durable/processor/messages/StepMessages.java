package dev.durable.processor.messages;

import javax.lang.model.element.Modifier;

/**
 * The diagnostics of the {@code @Step} methods of {@code @Workflow} classes: their attributes,
 * signatures and names: each constant a stable tag, what the rule catches (its title in the error
 * catalogue) and the text; each factory makes one {@link Message}.
 */
public enum StepMessages implements MessageKind {

  // ---- @Step -----------------------------------------------------------------------------------

  /** Args: retries. */
  STEP_RETRIES(
      "step-retries",
      "`retries` below 1",
      "@Step retries must be at least 1, but was %s; it counts attempts, the first included, so 1"
          + " means no retry"),
  /** Args: backoffMs. */
  STEP_BACKOFF_NEGATIVE(
      "step-backoff-negative",
      "a negative `backoffMs`, `backoffMaxMs`, `timeoutMs` or `pickupTimeoutMs`",
      "@Step backoffMs must not be negative, but was %s; use 0 to retry without delay"),
  /** Args: backoffMaxMs. */
  STEP_BACKOFF_MAX_NEGATIVE(
      "step-backoff-max-negative",
      "a negative `backoffMs`, `backoffMaxMs`, `timeoutMs` or `pickupTimeoutMs`",
      "@Step backoffMaxMs must not be negative, but was %s; use 0 for no cap"),
  /** Args: timeoutMs. */
  STEP_TIMEOUT_NEGATIVE(
      "step-timeout-negative",
      "a negative `backoffMs`, `backoffMaxMs`, `timeoutMs` or `pickupTimeoutMs`",
      "@Step timeoutMs must not be negative, but was %s; use 0 for no deadline"),
  /** Args: pickupTimeoutMs. */
  STEP_PICKUP_TIMEOUT_NEGATIVE(
      "step-pickup-timeout-negative",
      "a negative `backoffMs`, `backoffMaxMs`, `timeoutMs` or `pickupTimeoutMs`",
      "@Step pickupTimeoutMs must not be negative, but was %s; use 0 for no limit"),
  /** Args: backoffMaxMs, backoffMs. */
  STEP_BACKOFF_MAX_BELOW_BASE(
      "step-backoff-max",
      "`backoffMaxMs` below `backoffMs`",
      "@Step backoffMaxMs (%s) must not be below backoffMs (%s); raise the cap, or use 0 for no"
          + " cap"),
  /** Args: pickupTimeoutMs, method. */
  STEP_PICKUP_TIMEOUT_LOCAL(
      "step-pickup-timeout",
      "`pickupTimeoutMs` on a local step",
      "pickupTimeoutMs applies only to remote steps, but was %s on %s, a local step of a @Workflow"
          + " class; remove it, or use timeoutMs to limit each attempt"),
  /** Args: method, modifier. */
  STEP_MODIFIER(
      "step-modifier",
      "a private, static or final `@Step` method",
      "@Step method %s must not be %s: the generated subclass must override it; remove the %2$s"
          + " modifier"),
  /** Args: method, its type parameters. */
  STEP_GENERIC(
      "step-generic",
      "a `@Step` method with type parameters",
      "@Step method %s must not declare type parameters (%s): its stored input and result need"
          + " concrete types; replace them with concrete types"),
  /** Args: method, parameter, its position (1-based). */
  STEP_CONTEXT_POSITION(
      "step-context-position",
      "a `StepContext` parameter that is not first, or two",
      "@Step method %s takes StepContext parameter '%s' in position %d, but a StepContext may only"
          + " be the first parameter; move it first or remove it"),
  /** Args: method, parameter. */
  STEP_WORKFLOW_CONTEXT(
      "step-workflow-context",
      "a `WorkflowContext` parameter on a step",
      "@Step method %s must not take a WorkflowContext (parameter '%s'): steps cannot sleep, only"
          + " the @Run method gets one; sleep in @Run between steps, or take a StepContext"
          + " instead"),
  /** Args: method. */
  STEP_AND_RUN(
      "step-and-run",
      "a method that is both `@Step` and `@Run`",
      "method %s is annotated both @Step and @Run, but the workflow's entry point cannot be one of"
          + " its steps; remove one of the two annotations"),
  /** Args: method, enclosing type. */
  STEP_OUTSIDE_WORKFLOW(
      "step-outside-workflow",
      "`@Step` in a class that is neither a `@Workflow` nor a step contract",
      "@Step method %s is declared in %s, which is neither a @Workflow class nor a step-contract"
          + " interface, so nothing checkpoints it; move it into a @Workflow class, or into an"
          + " interface that workers implement"),
  /** Args: step name (shortened), method, the offending characters. */
  STEP_NAME_CHARACTERS(
      "step-name",
      "an invalid or over-long step name",
      "step name '%s' of method %s may contain only ASCII letters, digits and . _ : -, but contains"
          + " %s; set @Step(name = ...) to a name that does"),
  /** Args: step name (shortened), method, length. */
  STEP_NAME_LENGTH(
      "step-name-length",
      "an invalid or over-long step name",
      "step name '%s' of method %s is %d characters long, but at most 200 are allowed; set"
          + " @Step(name = ...) to a shorter name"),
  /** Args: step name, workflow name, first method, this method. */
  STEP_NAME_DUPLICATE(
      "step-name-duplicate",
      "two steps of one workflow with the same name (overloads need `name`)",
      "step name '%s' is used twice in workflow '%s', by %s and by %s; steps are matched to their"
          + " checkpoints by name, so give one of them another @Step(name = ...)"),
  /** Args: exception class, method. */
  STEP_NON_RETRYABLE_NOT_THROWN(
      "step-non-retryable",
      "a checked exception in `nonRetryable` that the method cannot throw",
      "@Step nonRetryable lists checked exception %s, but %s cannot throw it; declare it in the"
          + " method's throws clause or remove it from nonRetryable"),
  /** Args: attribute, value. A warning. */
  STEP_BACKOFF_UNUSED(
      "step-backoff-unused",
      "(warning) backoff attributes on a step with `retries = 1`",
      "@Step %s = %s has no effect: the step is never retried (retries = 1); set retries above 1 or"
          + " remove it"),
  /** No args. A warning. */
  STEP_JITTER_WITHOUT_DELAY(
      "step-jitter-zero",
      "(warning) `jitter` with `backoffMs = 0`",
      "@Step jitter = true has no effect with backoffMs = 0: there is no delay to jitter; set"
          + " backoffMs above 0 or remove jitter");

  private final String tag;
  private final String title;
  private final String template;

  StepMessages(String tag, String title, String template) {
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

  /** {@link #STEP_RETRIES}. */
  public static Message stepRetries(int retries) {
    return Message.of(STEP_RETRIES, retries);
  }

  /** {@link #STEP_BACKOFF_NEGATIVE}. */
  public static Message stepBackoffNegative(long backoffMs) {
    return Message.of(STEP_BACKOFF_NEGATIVE, backoffMs);
  }

  /** {@link #STEP_BACKOFF_MAX_NEGATIVE}. */
  public static Message stepBackoffMaxNegative(long backoffMaxMs) {
    return Message.of(STEP_BACKOFF_MAX_NEGATIVE, backoffMaxMs);
  }

  /** {@link #STEP_TIMEOUT_NEGATIVE}. */
  public static Message stepTimeoutNegative(long timeoutMs) {
    return Message.of(STEP_TIMEOUT_NEGATIVE, timeoutMs);
  }

  /** {@link #STEP_PICKUP_TIMEOUT_NEGATIVE}. */
  public static Message stepPickupTimeoutNegative(long pickupTimeoutMs) {
    return Message.of(STEP_PICKUP_TIMEOUT_NEGATIVE, pickupTimeoutMs);
  }

  /** {@link #STEP_BACKOFF_MAX_BELOW_BASE}. */
  public static Message stepBackoffMaxBelowBase(long backoffMaxMs, long backoffMs) {
    return Message.of(STEP_BACKOFF_MAX_BELOW_BASE, backoffMaxMs, backoffMs);
  }

  /** {@link #STEP_PICKUP_TIMEOUT_LOCAL}. */
  public static Message stepPickupTimeoutLocal(long pickupTimeoutMs, String method) {
    return Message.of(STEP_PICKUP_TIMEOUT_LOCAL, pickupTimeoutMs, method);
  }

  /** {@link #STEP_MODIFIER}. */
  public static Message stepModifier(String method, Modifier modifier) {
    return Message.of(STEP_MODIFIER, method, modifier);
  }

  /** {@link #STEP_GENERIC}. */
  public static Message stepGeneric(String method, String typeParameters) {
    return Message.of(STEP_GENERIC, method, typeParameters);
  }

  /** {@link #STEP_CONTEXT_POSITION}. */
  public static Message stepContextPosition(String method, CharSequence parameter, long position) {
    return Message.of(STEP_CONTEXT_POSITION, method, parameter, position);
  }

  /** {@link #STEP_WORKFLOW_CONTEXT}. */
  public static Message stepWorkflowContext(String method, CharSequence parameter) {
    return Message.of(STEP_WORKFLOW_CONTEXT, method, parameter);
  }

  /** {@link #STEP_AND_RUN}. */
  public static Message stepAndRun(String method) {
    return Message.of(STEP_AND_RUN, method);
  }

  /** {@link #STEP_OUTSIDE_WORKFLOW}. */
  public static Message stepOutsideWorkflow(String method, String enclosingType) {
    return Message.of(STEP_OUTSIDE_WORKFLOW, method, enclosingType);
  }

  /** {@link #STEP_NAME_CHARACTERS}. */
  public static Message stepNameCharacters(String stepName, String method, String offending) {
    return Message.of(STEP_NAME_CHARACTERS, stepName, method, offending);
  }

  /** {@link #STEP_NAME_LENGTH}. */
  public static Message stepNameLength(String stepName, String method, long length) {
    return Message.of(STEP_NAME_LENGTH, stepName, method, length);
  }

  /** {@link #STEP_NAME_DUPLICATE}. */
  public static Message stepNameDuplicate(
      String stepName, String workflowName, String firstMethod, String method) {
    return Message.of(STEP_NAME_DUPLICATE, stepName, workflowName, firstMethod, method);
  }

  /** {@link #STEP_NON_RETRYABLE_NOT_THROWN}. */
  public static Message stepNonRetryableNotThrown(String exception, String method) {
    return Message.of(STEP_NON_RETRYABLE_NOT_THROWN, exception, method);
  }

  /** {@link #STEP_BACKOFF_UNUSED}. */
  public static Message stepBackoffUnused(String attribute, String value) {
    return Message.of(STEP_BACKOFF_UNUSED, attribute, value);
  }

  /** {@link #STEP_JITTER_WITHOUT_DELAY}. */
  public static Message stepJitterWithoutDelay() {
    return Message.of(STEP_JITTER_WITHOUT_DELAY);
  }
}
