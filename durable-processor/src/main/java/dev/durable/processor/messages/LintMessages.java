package dev.durable.processor.messages;

/**
 * The diagnostics of the determinism lint of {@code @Run} bodies: each constant a stable tag, what
 * the rule catches (its title in the error catalogue) and the text; each factory makes one {@link
 * Message}.
 */
public enum LintMessages implements MessageKind {

  // ---- Determinism lint of @Run bodies ---------------------------------------------------------

  /** Args: @Run method, class, the call ("System.currentTimeMillis()"). */
  LINT_WALL_CLOCK(
      "nondeterministic-clock",
      "the wall clock in a `@Run` body: `System.currentTimeMillis`, `nanoTime`, `java.time`'s"
          + " `now(...)`, `new Date()`, `Clock` methods; use `ctx.now()`",
      "@Run method %s of %s calls %s, which reads the wall clock and gives another time when the"
          + " run is replayed; use ctx.now() of its WorkflowContext (the @Run method's optional"
          + " first parameter), which is recorded and replayed, or read the time inside a @Step"),
  /** Args: @Run method, class, the call ("new Random()"), the helper ("ctx.random()"). */
  LINT_RANDOM(
      "nondeterministic-random",
      "randomness in a `@Run` body: `Math.random`, `new Random()`, `ThreadLocalRandom`,"
          + " `SecureRandom`, `UUID.randomUUID`; use `ctx.random()` or `ctx.randomUUID()`",
      "@Run method %s of %s calls %s, which draws other random values when the run is replayed;"
          + " use %s of its WorkflowContext (the @Run method's optional first parameter), which is"
          + " recorded and replayed, or draw them inside a @Step"),
  /** Args: @Run method, class, the call ("Thread.sleep(...)"). */
  LINT_SLEEP(
      "nondeterministic-sleep",
      "`Thread.sleep` (or `TimeUnit.sleep`) in a `@Run` body; use `ctx.sleep(Duration)`",
      "@Run method %s of %s calls %s, which holds the engine's thread and is forgotten by a"
          + " restart; use ctx.sleep(Duration) of its WorkflowContext (the @Run method's optional"
          + " first parameter), a durable timer"),
  /** Args: @Run method, class, the step method ("charge(Order)"), the receiver ("other"). */
  LINT_STEP_RECEIVER(
      "step-call-receiver",
      "a workflow's `@Step` method called on another object than this one in a `@Run` body:"
          + " the call is not checkpointed",
      "@Run method %s of %s calls @Step method %s on '%s', not on this workflow, so the call"
          + " bypasses its checkpoint and runs again on every replay; call it on this workflow"),
  /** Args: why the tree API is unavailable. A note. */
  LINT_UNAVAILABLE(
      "lint-unavailable",
      "(note) the compiler has no javac tree API (not javac): the four checks above are skipped",
      "the determinism lint of @Run methods needs javac's tree API (com.sun.source), which this"
          + " compiler does not offer (%s); @Run methods are not checked for the wall clock,"
          + " randomness, Thread.sleep and steps called on other objects");

  private final String tag;
  private final String title;
  private final String template;

  LintMessages(String tag, String title, String template) {
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

  /** {@link #LINT_WALL_CLOCK}. */
  public static Message lintWallClock(String runMethod, String type, String call) {
    return Message.of(LINT_WALL_CLOCK, runMethod, type, call);
  }

  /** {@link #LINT_RANDOM}. */
  public static Message lintRandom(String runMethod, String type, String call, String helper) {
    return Message.of(LINT_RANDOM, runMethod, type, call, helper);
  }

  /** {@link #LINT_SLEEP}. */
  public static Message lintSleep(String runMethod, String type, String call) {
    return Message.of(LINT_SLEEP, runMethod, type, call);
  }

  /** {@link #LINT_STEP_RECEIVER}. */
  public static Message lintStepReceiver(
      String runMethod, String type, String step, String receiver) {
    return Message.of(LINT_STEP_RECEIVER, runMethod, type, step, receiver);
  }

  /** {@link #LINT_UNAVAILABLE}. */
  public static Message lintUnavailable(String reason) {
    return Message.of(LINT_UNAVAILABLE, reason);
  }
}
