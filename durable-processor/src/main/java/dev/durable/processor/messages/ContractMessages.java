package dev.durable.processor.messages;

/**
 * The diagnostics of step contracts: interfaces whose {@code @Step} methods run on workers: each
 * constant a stable tag, what the rule catches (its title in the error catalogue) and the text;
 * each factory makes one {@link Message}.
 */
public enum ContractMessages implements MessageKind {

  // ---- Step contracts (interfaces whose @Step methods run on workers) --------------------------

  /** Args: method, contract. */
  CONTRACT_METHOD_WITHOUT_STEP(
      "contract-method-step",
      "an abstract method of a step contract without `@Step`",
      "method %s of step contract %s has no @Step, but every abstract method of a step contract is"
          + " a step that workers serve; annotate it with @Step, or give it a default body"),
  /** Args: method, contract, what gives it a body ("default", "static", "private"). */
  CONTRACT_STEP_BODY(
      "contract-step-body",
      "a default, static or private `@Step` method in a step contract",
      "@Step method %s of step contract %s is %s, but a contract's steps run on workers and have no"
          + " body in the contract; make it an abstract method and implement it in the worker"),
  /** Args: contract, its type parameters. */
  CONTRACT_GENERIC(
      "contract-generic",
      "a step contract with type parameters",
      "step contract %s must not declare type parameters (%s): its steps' stored inputs and"
          + " results need concrete types; replace them with concrete types"),
  /** Args: contract, the interfaces it extends. */
  CONTRACT_EXTENDS(
      "contract-extends",
      "a step contract extending another interface",
      "step contract %s extends %s, whose methods would not be dispatched; declare all of the"
          + " contract's steps in the one interface"),
  /** Args: contract. */
  CONTRACT_PRIVATE(
      "contract-private",
      "a private step contract",
      "step contract %s must not be private: the generated stub in its package implements it; make"
          + " it package-private or public"),
  /** Args: contract, the private enclosing class. */
  CONTRACT_IN_PRIVATE_CLASS(
      "contract-enclosing-private",
      "a step contract nested in a private class",
      "step contract %s is nested in private class %s, so the generated stub in its package cannot"
          + " implement it; make %2$s package-private or move the contract out of it"),
  /** Args: pickupTimeoutMs, method. */
  CONTRACT_PICKUP_WITHOUT_TIMEOUT(
      "contract-pickup-timeout",
      "`pickupTimeoutMs` on a contract step without `timeoutMs`",
      "pickupTimeoutMs (%s) on %s limits the queue wait of a step with a liveness window, but the"
          + " step has no timeoutMs; set timeoutMs too, or remove pickupTimeoutMs"),
  /** Args: method, contract, parameter. */
  CONTRACT_STEP_CONTEXT(
      "contract-step-context",
      "a `StepContext` parameter on a contract step (the context is the worker's)",
      "@Step method %s of step contract %s takes StepContext parameter '%s', but a contract step's"
          + " context belongs to the worker, not to its callers; remove the parameter"),
  /** Args: remoteRedispatchMs. */
  CONTRACT_REDISPATCH_NEGATIVE(
      "contract-redispatch-negative",
      "a negative `remoteRedispatchMs`, a `remoteRedispatchMax` below 1",
      "@Step remoteRedispatchMs must not be negative, but was %s; use 0 to wait for a worker's"
          + " answer for ever"),
  /** Args: remoteRedispatchMax. */
  CONTRACT_REDISPATCH_MAX(
      "contract-redispatch-max",
      "a negative `remoteRedispatchMs`, a `remoteRedispatchMax` below 1",
      "@Step remoteRedispatchMax must be at least 1, but was %s; it counts the deliveries of a"
          + " lost task after the first"),
  /** Args: remoteRedispatchMax, method. */
  CONTRACT_REDISPATCH_MAX_WITHOUT_LEASE(
      "contract-redispatch-max-without-lease",
      "`remoteRedispatchMax` on a contract step without `remoteRedispatchMs`: no task of it"
          + " is ever given up as lost",
      "remoteRedispatchMax (%s) on %s bounds how often a lost task is delivered again, but the step"
          + " has no remoteRedispatchMs, so no task of it is ever given up as lost; set"
          + " remoteRedispatchMs too, or remove remoteRedispatchMax"),
  /** Args: attribute (remoteRedispatchMs or remoteRedispatchMax), method. */
  STEP_REDISPATCH_LOCAL(
      "step-redispatch-local",
      "`remoteRedispatchMs` or `remoteRedispatchMax` on a local step of a workflow",
      "%s applies only to steps of a step contract, which workers serve, but %s is a local step of"
          + " a @Workflow class; remove it"),
  /** Args: attribute, value, method, timeoutMs. A warning. */
  CONTRACT_BACKOFF_UNUSED(
      "contract-backoff-unused",
      "(warning) backoff attributes on a contract step with `timeoutMs`: an expired window"
          + " dispatches again at once, and reported errors are not retried",
      "@Step %s = %s has no effect on %s, a contract step with a liveness window (timeoutMs = %s):"
          + " a window that runs out dispatches the step again at once, and an error its worker"
          + " reports is not retried; remove it, or remove timeoutMs to retry reported errors"
          + " after a backoff"),
  /** Args: queue name. */
  STEP_QUEUE_NAME(
      "step-queue-name",
      "a `queue` that is not 1 to 100 letters, digits, `.`, `_` or `-`",
      "@Step queue '%s' is not a queue name: use 1 to 100 letters, digits, '.', '_' or '-'"),
  /** Args: method. */
  CONTRACT_QUEUE(
      "contract-queue",
      "a `queue` on a contract step (workers bound those with their concurrency)",
      "queue applies only to local steps, which engines run, but %s is a step of a step contract,"
          + " which workers run; bound it with the workers' concurrency instead, and remove it"),
  /** Args: step name (shortened), first method, this method. */
  CONTRACT_STEP_NAME_DUPLICATE(
      "contract-step-name-duplicate",
      "two contract steps with one name in a compilation: workers serve steps by name",
      "step name '%s' is used by %s and by %s, but workers serve contract steps by name; give one"
          + " of them another @Step(name = ...)");

  private final String tag;
  private final String title;
  private final String template;

  ContractMessages(String tag, String title, String template) {
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

  /** {@link #CONTRACT_METHOD_WITHOUT_STEP}. */
  public static Message contractMethodWithoutStep(String method, String contract) {
    return Message.of(CONTRACT_METHOD_WITHOUT_STEP, method, contract);
  }

  /** {@link #CONTRACT_STEP_BODY}. */
  public static Message contractStepBody(String method, String contract, String body) {
    return Message.of(CONTRACT_STEP_BODY, method, contract, body);
  }

  /** {@link #CONTRACT_GENERIC}. */
  public static Message contractGeneric(String contract, String typeParameters) {
    return Message.of(CONTRACT_GENERIC, contract, typeParameters);
  }

  /** {@link #CONTRACT_EXTENDS}. */
  public static Message contractExtends(String contract, String superinterfaces) {
    return Message.of(CONTRACT_EXTENDS, contract, superinterfaces);
  }

  /** {@link #CONTRACT_PRIVATE}. */
  public static Message contractPrivate(String contract) {
    return Message.of(CONTRACT_PRIVATE, contract);
  }

  /** {@link #CONTRACT_IN_PRIVATE_CLASS}. */
  public static Message contractInPrivateClass(String contract, String privateOuter) {
    return Message.of(CONTRACT_IN_PRIVATE_CLASS, contract, privateOuter);
  }

  /** {@link #CONTRACT_PICKUP_WITHOUT_TIMEOUT}. */
  public static Message contractPickupWithoutTimeout(long pickupTimeoutMs, String method) {
    return Message.of(CONTRACT_PICKUP_WITHOUT_TIMEOUT, pickupTimeoutMs, method);
  }

  /** {@link #CONTRACT_STEP_CONTEXT}. */
  public static Message contractStepContext(
      String method, String contract, CharSequence parameter) {
    return Message.of(CONTRACT_STEP_CONTEXT, method, contract, parameter);
  }

  /** {@link #CONTRACT_REDISPATCH_NEGATIVE}. */
  public static Message contractRedispatchNegative(long remoteRedispatchMs) {
    return Message.of(CONTRACT_REDISPATCH_NEGATIVE, remoteRedispatchMs);
  }

  /** {@link #CONTRACT_REDISPATCH_MAX}. */
  public static Message contractRedispatchMax(int remoteRedispatchMax) {
    return Message.of(CONTRACT_REDISPATCH_MAX, remoteRedispatchMax);
  }

  /** {@link #CONTRACT_REDISPATCH_MAX_WITHOUT_LEASE}. */
  public static Message contractRedispatchMaxWithoutLease(int remoteRedispatchMax, String method) {
    return Message.of(CONTRACT_REDISPATCH_MAX_WITHOUT_LEASE, remoteRedispatchMax, method);
  }

  /** {@link #STEP_REDISPATCH_LOCAL}. */
  public static Message stepRedispatchLocal(String attribute, String method) {
    return Message.of(STEP_REDISPATCH_LOCAL, attribute, method);
  }

  /** {@link #CONTRACT_BACKOFF_UNUSED}. */
  public static Message contractBackoffUnused(
      String attribute, String value, String method, long timeoutMs) {
    return Message.of(CONTRACT_BACKOFF_UNUSED, attribute, value, method, timeoutMs);
  }

  /** {@link #STEP_QUEUE_NAME}. */
  public static Message stepQueueName(String queueName) {
    return Message.of(STEP_QUEUE_NAME, queueName);
  }

  /** {@link #CONTRACT_QUEUE}. */
  public static Message contractQueue(String method) {
    return Message.of(CONTRACT_QUEUE, method);
  }

  /** {@link #CONTRACT_STEP_NAME_DUPLICATE}. */
  public static Message contractStepNameDuplicate(
      String stepName, String firstMethod, String method) {
    return Message.of(CONTRACT_STEP_NAME_DUPLICATE, stepName, firstMethod, method);
  }
}
