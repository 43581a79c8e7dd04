package dev.durable.processor.messages;

import javax.lang.model.element.Modifier;

/**
 * The diagnostics of {@code @Run} methods: each constant a stable tag, what the rule catches (its
 * title in the error catalogue) and the text; each factory makes one {@link Message}.
 */
public enum RunMessages implements MessageKind {

  // ---- @Run ------------------------------------------------------------------------------------

  /** Args: class. */
  RUN_MISSING(
      "run-missing",
      "not exactly one `@Run` method",
      "@Workflow class %s needs exactly one @Run method (found 0); annotate the workflow's entry"
          + " point with @Run"),
  /** Args: class, count. */
  RUN_SEVERAL(
      "run-several",
      "not exactly one `@Run` method",
      "@Workflow class %s needs exactly one @Run method (found %d); keep @Run on the entry point"
          + " only"),
  /** Args: method, class, the first @Run method. */
  RUN_EXTRA(
      "run-extra",
      "not exactly one `@Run` method",
      "@Run method %s is a second entry point of %s, whose first @Run method is %s; remove @Run"
          + " from all but the entry point"),
  /** Args: method, modifier. */
  RUN_MODIFIER(
      "run-modifier",
      "a private or static `@Run` method",
      "@Run method %s must not be %s: the generated subclass calls it on the registered instance;"
          + " remove the %2$s modifier"),
  /** Args: timeoutMs. */
  RUN_TIMEOUT_NEGATIVE(
      "run-timeout-negative",
      "a negative `@Run` `timeoutMs`",
      "@Run timeoutMs must not be negative, but was %s; use 0 for no run timeout"),
  /** Args: method, its type parameters. */
  RUN_GENERIC(
      "run-generic",
      "a `@Run` method with type parameters",
      "@Run method %s must not declare type parameters (%s): the run's stored input and result need"
          + " concrete types; replace them with concrete types"),
  /** Args: method, parameter, its position (1-based). */
  RUN_CONTEXT_POSITION(
      "run-context-position",
      "a `WorkflowContext` parameter that is not first",
      "@Run method %s takes WorkflowContext parameter '%s' in position %d, but a WorkflowContext"
          + " may only be the first parameter; move it first or remove it"),
  /** Args: method, parameter. */
  RUN_STEP_CONTEXT(
      "run-step-context",
      "a `StepContext` parameter on `@Run`",
      "@Run method %s must not take a StepContext (parameter '%s'): only steps get one; take a"
          + " WorkflowContext as the first parameter instead"),
  /** Args: method, enclosing type. */
  RUN_OUTSIDE_WORKFLOW(
      "run-outside-workflow",
      "`@Run` in a class that is not a `@Workflow`",
      "@Run method %s is declared in %s, which is not a @Workflow class, so it never runs as a"
          + " workflow; annotate %2$s with @Workflow or move the method into a @Workflow class");

  private final String tag;
  private final String title;
  private final String template;

  RunMessages(String tag, String title, String template) {
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

  /** {@link #RUN_MISSING}. */
  public static Message runMissing(String type) {
    return Message.of(RUN_MISSING, type);
  }

  /** {@link #RUN_SEVERAL}. */
  public static Message runSeveral(String type, long count) {
    return Message.of(RUN_SEVERAL, type, count);
  }

  /** {@link #RUN_EXTRA}. */
  public static Message runExtra(String method, String type, String firstRun) {
    return Message.of(RUN_EXTRA, method, type, firstRun);
  }

  /** {@link #RUN_MODIFIER}. */
  public static Message runModifier(String method, Modifier modifier) {
    return Message.of(RUN_MODIFIER, method, modifier);
  }

  /** {@link #RUN_TIMEOUT_NEGATIVE}. */
  public static Message runTimeoutNegative(long timeoutMs) {
    return Message.of(RUN_TIMEOUT_NEGATIVE, timeoutMs);
  }

  /** {@link #RUN_GENERIC}. */
  public static Message runGeneric(String method, String typeParameters) {
    return Message.of(RUN_GENERIC, method, typeParameters);
  }

  /** {@link #RUN_CONTEXT_POSITION}. */
  public static Message runContextPosition(String method, CharSequence parameter, long position) {
    return Message.of(RUN_CONTEXT_POSITION, method, parameter, position);
  }

  /** {@link #RUN_STEP_CONTEXT}. */
  public static Message runStepContext(String method, CharSequence parameter) {
    return Message.of(RUN_STEP_CONTEXT, method, parameter);
  }

  /** {@link #RUN_OUTSIDE_WORKFLOW}. */
  public static Message runOutsideWorkflow(String method, String enclosingType) {
    return Message.of(RUN_OUTSIDE_WORKFLOW, method, enclosingType);
  }
}
