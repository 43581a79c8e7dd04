package dev.durable.processor.validation;

/**
 * Every diagnostic the processor reports: one sentence that says what is wrong, the value seen and
 * what to do, and a short stable tag users can look up in the README's error catalogue. All message
 * texts live here.
 *
 * <p>Arguments are filled in with {@link String#format}; method signatures are written like {@code
 * charge(Order)}, classes relative to their package ({@code Outer.Inner}), stored types with their
 * qualified names and type arguments.
 */
public enum Messages {

  // ---- @Workflow type --------------------------------------------------------------------------

  /** Args: type, what it is ("an interface", "an enum", "an annotation type"). */
  WORKFLOW_NOT_CLASS(
      "workflow-kind",
      "@Workflow must annotate a class, but %s is %s; declare the workflow as a class that the"
          + " generated subclass can extend"),
  /** Args: record. */
  WORKFLOW_RECORD(
      "workflow-record",
      "@Workflow record %s cannot be a workflow: records are final and the generated subclass must"
          + " extend it; make it a class"),
  /** Args: class. */
  WORKFLOW_FINAL(
      "workflow-final",
      "@Workflow class %s must not be final: the generated subclass extends it; remove the final"
          + " modifier"),
  /** Args: class. */
  WORKFLOW_ABSTRACT(
      "workflow-abstract",
      "@Workflow class %s must not be abstract: the generated subclass is instantiated and cannot"
          + " implement its abstract methods; make it concrete (an abstract base class without"
          + " @Workflow is fine)"),
  /** Args: class. */
  WORKFLOW_INNER(
      "workflow-inner",
      "@Workflow class %s must not be an inner class: the generated subclass is top-level and has"
          + " no enclosing instance to create it with; make it static"),
  /** Args: class. */
  WORKFLOW_LOCAL(
      "workflow-local",
      "@Workflow class %s must not be local or anonymous: the generated subclass cannot refer to"
          + " it; make it a top-level or static nested class"),
  /** Args: class. */
  WORKFLOW_PRIVATE(
      "workflow-private",
      "@Workflow class %s must not be private: the generated subclass in the same package must"
          + " extend it; make it package-private, protected or public"),
  /** Args: class, the private enclosing class. */
  WORKFLOW_IN_PRIVATE_CLASS(
      "workflow-enclosing-private",
      "@Workflow class %s is nested in private class %s, so the generated subclass cannot extend"
          + " it; make %2$s package-private or move the workflow out of it"),
  /** Args: class, its type parameters ("<T>"). */
  WORKFLOW_GENERIC(
      "workflow-generic",
      "@Workflow class %s must not declare type parameters (%s): one instance serves every run and"
          + " its stored input and result need concrete types; replace them with concrete types"),
  /** Args: class, the @Workflow superclass. */
  WORKFLOW_EXTENDS_WORKFLOW(
      "workflow-extends-workflow",
      "@Workflow class %s extends @Workflow class %s, whose @Step methods its generated subclass"
          + " would not checkpoint; move the shared code into a base class without @Workflow and"
          + " @Step, and extend that instead"),
  /** Args: class. */
  WORKFLOW_CONSTRUCTOR(
      "workflow-constructor",
      "@Workflow class %s has no constructor the generated subclass can call: all its constructors"
          + " are private; make one package-private, protected or public"),
  /** Args: name, class, the offending characters. */
  WORKFLOW_NAME_CHARACTERS(
      "workflow-name",
      "workflow name '%s' of %s may contain only ASCII letters, digits and . _ : -, but contains"
          + " %s; set @Workflow(name = ...) to a name that does"),
  /** Args: name (shortened), class, length. */
  WORKFLOW_NAME_LENGTH(
      "workflow-name-length",
      "workflow name '%s' of %s is %d characters long, but at most 200 are allowed; set"
          + " @Workflow(name = ...) to a shorter name"),
  /** Args: class. */
  WORKFLOW_VERSION_EMPTY(
      "workflow-version-empty",
      "@Workflow version of %s must not be empty; leave the default \"1\" or set a version such as"
          + " \"2\""),
  /** Args: version, class, the offending characters. */
  WORKFLOW_VERSION_CHARACTERS(
      "workflow-version",
      "workflow version '%s' of %s may contain only ASCII letters, digits and . _ : -, but contains"
          + " %s; set @Workflow(version = ...) to a version that does"),
  /** Args: version (shortened), class, length. */
  WORKFLOW_VERSION_LENGTH(
      "workflow-version-length",
      "workflow version '%s' of %s is %d characters long, but at most 100 are allowed; set"
          + " @Workflow(version = ...) to a shorter version"),
  /** Args: field, class. A warning. */
  WORKFLOW_MUTABLE_FIELD(
      "workflow-mutable-field",
      "field '%s' of @Workflow class %s is not final, but one instance serves every run: per-run"
          + " state in fields is shared between runs and lost on replay; make it final or keep the"
          + " state in step results"),
  /** Args: name (shortened), version (shortened), qualified name of the first workflow. */
  WORKFLOW_DUPLICATE(
      "workflow-duplicate",
      "workflow '%s' version '%s' is already declared by %s; give one of them another name or"
          + " version"),

  // ---- @Run ------------------------------------------------------------------------------------

  /** Args: class. */
  RUN_MISSING(
      "run-missing",
      "@Workflow class %s needs exactly one @Run method (found 0); annotate the workflow's entry"
          + " point with @Run"),
  /** Args: class, count. */
  RUN_SEVERAL(
      "run-several",
      "@Workflow class %s needs exactly one @Run method (found %d); keep @Run on the entry point"
          + " only"),
  /** Args: method, class, the first @Run method. */
  RUN_EXTRA(
      "run-extra",
      "@Run method %s is a second entry point of %s, whose first @Run method is %s; remove @Run"
          + " from all but the entry point"),
  /** Args: method, modifier. */
  RUN_MODIFIER(
      "run-modifier",
      "@Run method %s must not be %s: the generated subclass calls it on the registered instance;"
          + " remove the %2$s modifier"),
  /** Args: timeoutMs. */
  RUN_TIMEOUT_NEGATIVE(
      "run-timeout-negative",
      "@Run timeoutMs must not be negative, but was %s; use 0 for no run timeout"),
  /** Args: method, its type parameters. */
  RUN_GENERIC(
      "run-generic",
      "@Run method %s must not declare type parameters (%s): the run's stored input and result need"
          + " concrete types; replace them with concrete types"),
  /** Args: method, parameter, its position (1-based). */
  RUN_CONTEXT_POSITION(
      "run-context-position",
      "@Run method %s takes WorkflowContext parameter '%s' in position %d, but a WorkflowContext"
          + " may only be the first parameter; move it first or remove it"),
  /** Args: method, parameter. */
  RUN_STEP_CONTEXT(
      "run-step-context",
      "@Run method %s must not take a StepContext (parameter '%s'): only steps get one; take a"
          + " WorkflowContext as the first parameter instead"),
  /** Args: method, enclosing type. */
  RUN_OUTSIDE_WORKFLOW(
      "run-outside-workflow",
      "@Run method %s is declared in %s, which is not a @Workflow class, so it never runs as a"
          + " workflow; annotate %2$s with @Workflow or move the method into a @Workflow class"),

  // ---- @Step -----------------------------------------------------------------------------------

  /** Args: retries. */
  STEP_RETRIES(
      "step-retries",
      "@Step retries must be at least 1, but was %s; it counts attempts, the first included, so 1"
          + " means no retry"),
  /** Args: backoffMs. */
  STEP_BACKOFF_NEGATIVE(
      "step-backoff-negative",
      "@Step backoffMs must not be negative, but was %s; use 0 to retry without delay"),
  /** Args: backoffMaxMs. */
  STEP_BACKOFF_MAX_NEGATIVE(
      "step-backoff-max-negative",
      "@Step backoffMaxMs must not be negative, but was %s; use 0 for no cap"),
  /** Args: timeoutMs. */
  STEP_TIMEOUT_NEGATIVE(
      "step-timeout-negative",
      "@Step timeoutMs must not be negative, but was %s; use 0 for no deadline"),
  /** Args: pickupTimeoutMs. */
  STEP_PICKUP_TIMEOUT_NEGATIVE(
      "step-pickup-timeout-negative",
      "@Step pickupTimeoutMs must not be negative, but was %s; use 0 for no limit"),
  /** Args: backoffMaxMs, backoffMs. */
  STEP_BACKOFF_MAX_BELOW_BASE(
      "step-backoff-max",
      "@Step backoffMaxMs (%s) must not be below backoffMs (%s); raise the cap, or use 0 for no"
          + " cap"),
  /** Args: pickupTimeoutMs, method. */
  STEP_PICKUP_TIMEOUT_LOCAL(
      "step-pickup-timeout",
      "pickupTimeoutMs applies only to remote steps, but was %s on %s, a local step of a @Workflow"
          + " class; remove it, or use timeoutMs to limit each attempt"),
  /** Args: method, modifier. */
  STEP_MODIFIER(
      "step-modifier",
      "@Step method %s must not be %s: the generated subclass must override it; remove the %2$s"
          + " modifier"),
  /** Args: method, its type parameters. */
  STEP_GENERIC(
      "step-generic",
      "@Step method %s must not declare type parameters (%s): its stored input and result need"
          + " concrete types; replace them with concrete types"),
  /** Args: method, parameter, its position (1-based). */
  STEP_CONTEXT_POSITION(
      "step-context-position",
      "@Step method %s takes StepContext parameter '%s' in position %d, but a StepContext may only"
          + " be the first parameter; move it first or remove it"),
  /** Args: method, parameter. */
  STEP_WORKFLOW_CONTEXT(
      "step-workflow-context",
      "@Step method %s must not take a WorkflowContext (parameter '%s'): steps cannot sleep, only"
          + " the @Run method gets one; sleep in @Run between steps, or take a StepContext"
          + " instead"),
  /** Args: method. */
  STEP_AND_RUN(
      "step-and-run",
      "method %s is annotated both @Step and @Run, but the workflow's entry point cannot be one of"
          + " its steps; remove one of the two annotations"),
  /** Args: method, enclosing type. */
  STEP_OUTSIDE_WORKFLOW(
      "step-outside-workflow",
      "@Step method %s is declared in %s, which is neither a @Workflow class nor a step-contract"
          + " interface, so nothing checkpoints it; move it into a @Workflow class, or into an"
          + " interface that workers implement"),
  /** Args: step name (shortened), method, the offending characters. */
  STEP_NAME_CHARACTERS(
      "step-name",
      "step name '%s' of method %s may contain only ASCII letters, digits and . _ : -, but contains"
          + " %s; set @Step(name = ...) to a name that does"),
  /** Args: step name (shortened), method, length. */
  STEP_NAME_LENGTH(
      "step-name-length",
      "step name '%s' of method %s is %d characters long, but at most 200 are allowed; set"
          + " @Step(name = ...) to a shorter name"),
  /** Args: step name, workflow name, first method, this method. */
  STEP_NAME_DUPLICATE(
      "step-name-duplicate",
      "step name '%s' is used twice in workflow '%s', by %s and by %s; steps are matched to their"
          + " checkpoints by name, so give one of them another @Step(name = ...)"),
  /** Args: exception class, method. */
  STEP_NON_RETRYABLE_NOT_THROWN(
      "step-non-retryable",
      "@Step nonRetryable lists checked exception %s, but %s cannot throw it; declare it in the"
          + " method's throws clause or remove it from nonRetryable"),
  /** Args: attribute, value. A warning. */
  STEP_BACKOFF_UNUSED(
      "step-backoff-unused",
      "@Step %s = %s has no effect: the step is never retried (retries = 1); set retries above 1 or"
          + " remove it"),
  /** No args. A warning. */
  STEP_JITTER_WITHOUT_DELAY(
      "step-jitter-zero",
      "@Step jitter = true has no effect with backoffMs = 0: there is no delay to jitter; set"
          + " backoffMs above 0 or remove jitter"),

  // ---- Stored types: args are position, type, path ("" or " in field 'x' of com.acme.Y ...") ----

  TYPE_TOO_GENERAL(
      "type-too-general",
      "%s cannot be stored: type %s%s is too general to decode; use a concrete type such as a"
          + " record, or JsonNode for free-form JSON"),
  TYPE_RAW(
      "type-raw",
      "%s cannot be stored: raw type %s%s does not say what it holds; add its type arguments"),
  TYPE_LIVE_OBJECT(
      "type-live-object",
      "%s cannot be stored: type %s%s is a live object (a resource, stream, thread, task or class),"
          + " not data; store the data it carries instead, such as a byte[], a String or an id"),
  TYPE_ITERATOR(
      "type-iterator",
      "%s cannot be stored: type %s%s is an iterator or iterable, not a collection; use a List or a"
          + " Set"),
  TYPE_FUNCTIONAL(
      "type-functional",
      "%s cannot be stored: type %s%s is a functional interface, and functional interfaces and"
          + " lambdas cannot be stored; store the data the function needs and call it in a step"),
  TYPE_ABSTRACT(
      "type-abstract",
      "%s cannot be stored: type %s%s is an interface or abstract class that Jackson cannot"
          + " construct; use a concrete class or a record, or annotate it @JsonTypeInfo with its"
          + " subtypes"),
  TYPE_INNER_CLASS(
      "type-inner-class",
      "%s cannot be stored: type %s%s is an inner class, which needs an enclosing instance to be"
          + " created; make it a static nested class or a record"),
  TYPE_NO_CONSTRUCTOR(
      "type-no-constructor",
      "%s cannot be stored: type %s%s has no constructor Jackson can use; add a no-argument"
          + " constructor or a @JsonCreator constructor, or make it a record"),
  TYPE_NO_PROPERTIES(
      "type-no-properties",
      "%s cannot be stored: type %s%s has no property Jackson can see (a public field, a public"
          + " getter such as getCents(), or a member annotated @JsonProperty), so it cannot be"
          + " written (\"No serializer found\"); add getters, annotate its fields @JsonProperty,"
          + " or make it a record"),
  TYPE_MAP_KEY(
      "type-map-key",
      "%s cannot be stored: map key type %s%s cannot be decoded from a JSON field name; use String,"
          + " a boxed primitive, an enum or UUID as the key"),

  // ---- Types the generated code names: args are position, type, path as above -------------------

  TYPE_PRIVATE(
      "type-private",
      "%s cannot be used: type %s%s is private, so the code generated in its package cannot refer"
          + " to it; make it package-private or public"),
  /** Args: position, type, path, the private enclosing class. */
  TYPE_IN_PRIVATE_CLASS(
      "type-enclosing-private",
      "%s cannot be used: type %s%s is nested in private class %s, so the code generated in its"
          + " package cannot refer to it; make %4$s package-private or move the type out of it"),
  /** Args: position, type, path, the package of the generated code. */
  TYPE_PROTECTED(
      "type-protected",
      "%s cannot be used: type %s%s is protected in a class of another package, so the code"
          + " generated in package %s cannot refer to it; make it public"),

  // ---- Step contracts (interfaces whose @Step methods run on workers) --------------------------

  /** Args: method, contract. */
  CONTRACT_METHOD_WITHOUT_STEP(
      "contract-method-step",
      "method %s of step contract %s has no @Step, but every abstract method of a step contract is"
          + " a step that workers serve; annotate it with @Step, or give it a default body"),
  /** Args: method, contract, what gives it a body ("default", "static", "private"). */
  CONTRACT_STEP_BODY(
      "contract-step-body",
      "@Step method %s of step contract %s is %s, but a contract's steps run on workers and have no"
          + " body in the contract; make it an abstract method and implement it in the worker"),
  /** Args: contract, its type parameters. */
  CONTRACT_GENERIC(
      "contract-generic",
      "step contract %s must not declare type parameters (%s): its steps' stored inputs and"
          + " results need concrete types; replace them with concrete types"),
  /** Args: contract, the interfaces it extends. */
  CONTRACT_EXTENDS(
      "contract-extends",
      "step contract %s extends %s, whose methods would not be dispatched; declare all of the"
          + " contract's steps in the one interface"),
  /** Args: contract. */
  CONTRACT_PRIVATE(
      "contract-private",
      "step contract %s must not be private: the generated stub in its package implements it; make"
          + " it package-private or public"),
  /** Args: contract, the private enclosing class. */
  CONTRACT_IN_PRIVATE_CLASS(
      "contract-enclosing-private",
      "step contract %s is nested in private class %s, so the generated stub in its package cannot"
          + " implement it; make %2$s package-private or move the contract out of it"),
  /** Args: pickupTimeoutMs, method. */
  CONTRACT_PICKUP_WITHOUT_TIMEOUT(
      "contract-pickup-timeout",
      "pickupTimeoutMs (%s) on %s limits the queue wait of a step with a liveness window, but the"
          + " step has no timeoutMs; set timeoutMs too, or remove pickupTimeoutMs"),
  /** Args: method, contract, parameter. */
  CONTRACT_STEP_CONTEXT(
      "contract-step-context",
      "@Step method %s of step contract %s takes StepContext parameter '%s', but a contract step's"
          + " context belongs to the worker, not to its callers; remove the parameter"),
  /** Args: remoteRedispatchMs. */
  CONTRACT_REDISPATCH_NEGATIVE(
      "contract-redispatch-negative",
      "@Step remoteRedispatchMs must not be negative, but was %s; use 0 to wait for a worker's"
          + " answer for ever"),
  /** Args: remoteRedispatchMax. */
  CONTRACT_REDISPATCH_MAX(
      "contract-redispatch-max",
      "@Step remoteRedispatchMax must be at least 1, but was %s; it counts the deliveries of a"
          + " lost task after the first"),
  /** Args: remoteRedispatchMax, method. */
  CONTRACT_REDISPATCH_MAX_WITHOUT_LEASE(
      "contract-redispatch-max-without-lease",
      "remoteRedispatchMax (%s) on %s bounds how often a lost task is delivered again, but the step"
          + " has no remoteRedispatchMs, so no task of it is ever given up as lost; set"
          + " remoteRedispatchMs too, or remove remoteRedispatchMax"),
  /** Args: attribute (remoteRedispatchMs or remoteRedispatchMax), method. */
  STEP_REDISPATCH_LOCAL(
      "step-redispatch-local",
      "%s applies only to steps of a step contract, which workers serve, but %s is a local step of"
          + " a @Workflow class; remove it"),
  /** Args: attribute, value, method, timeoutMs. A warning. */
  CONTRACT_BACKOFF_UNUSED(
      "contract-backoff-unused",
      "@Step %s = %s has no effect on %s, a contract step with a liveness window (timeoutMs = %s):"
          + " a window that runs out dispatches the step again at once, and an error its worker"
          + " reports is not retried; remove it, or remove timeoutMs to retry reported errors"
          + " after a backoff"),
  /** Args: queue name. */
  STEP_QUEUE_NAME(
      "step-queue-name",
      "@Step queue '%s' is not a queue name: use 1 to 100 letters, digits, '.', '_' or '-'"),
  /** Args: method. */
  CONTRACT_QUEUE(
      "contract-queue",
      "queue applies only to local steps, which engines run, but %s is a step of a step contract,"
          + " which workers run; bound it with the workers' concurrency instead, and remove it"),
  /** Args: step name (shortened), first method, this method. */
  CONTRACT_STEP_NAME_DUPLICATE(
      "contract-step-name-duplicate",
      "step name '%s' is used by %s and by %s, but workers serve contract steps by name; give one"
          + " of them another @Step(name = ...)"),

  // ---- @OnError --------------------------------------------------------------------------------

  /** Args: method, modifier. */
  ON_ERROR_MODIFIER(
      "on-error-modifier",
      "@OnError method %s must not be %s: the generated subclass calls it when the run fails;"
          + " remove the %2$s modifier"),
  /** Args: method. */
  ON_ERROR_CODE(
      "on-error-code",
      "@OnError method %s has an empty code; name the error code it takes, such as"
          + " @OnError(code = \"declined\")"),
  /** Args: code, the first method, this method. */
  ON_ERROR_CODE_DUPLICATE(
      "on-error-code-duplicate",
      "error code '%s' is routed twice, by %s and by %s; a failure takes one route: remove one, or"
          + " give it another code"),
  /** Args: method, the @Run method. */
  ON_ERROR_PARAMETERS(
      "on-error-parameters",
      "@OnError method %s must take an optional WorkflowContext, then the stored inputs of @Run"
          + " method %s in order, then an optional RunError; change its parameters to match"),
  /** Args: method, its return type, the @Run method, its return type. */
  ON_ERROR_RESULT(
      "on-error-result",
      "@OnError method %s returns %s, but its result completes the run, whose @Run method %s"
          + " returns %s; return that type"),

  // ---- @OnFailure ------------------------------------------------------------------------------

  /** Args: method, the first @OnFailure method. */
  ON_FAILURE_SEVERAL(
      "on-failure-several",
      "@OnFailure method %s is a second clean-up of its workflow, whose first is %s; a failed run"
          + " is cleaned up once: keep one @OnFailure method"),
  /** Args: method, modifier. */
  ON_FAILURE_MODIFIER(
      "on-failure-modifier",
      "@OnFailure method %s must not be %s: the generated subclass calls it when the run has"
          + " failed; remove the %2$s modifier"),
  /** Args: method, its return type. */
  ON_FAILURE_RESULT(
      "on-failure-result",
      "@OnFailure method %s returns %s, but a clean-up's result is not used: the run fails with"
          + " its original error; make it void"),
  /** Args: method, the @Run method. */
  ON_FAILURE_PARAMETERS(
      "on-failure-parameters",
      "@OnFailure method %s must take an optional WorkflowContext, then the stored inputs of @Run"
          + " method %s in order, then an optional RunError; change its parameters to match"),

  // ---- @Step(compensate) ------------------------------------------------------------------------

  /** Args: the step method, the name, the workflow class. */
  COMPENSATE_MISSING(
      "compensate-missing",
      "@Step method %s names compensate = \"%s\", but %s has no method of that name; name the"
          + " @Step method of the same workflow that undoes it"),
  /** Args: the step method, the compensation method. */
  COMPENSATE_NOT_STEP(
      "compensate-not-step",
      "@Step method %s is compensated by %s, which is not a @Step: a compensation runs as a"
          + " checkpointed step with retries of its own; annotate it with @Step"),
  /** Args: the step method, the compensation method, the expected parameters, its parameters. */
  COMPENSATE_SIGNATURE(
      "compensate-signature",
      "@Step method %s is compensated by %s, which must take the step's parameters followed by its"
          + " result, %s (after an optional StepContext), but takes %s; change its parameters to"
          + " match"),
  /** Args: the step method, the compensation method. */
  COMPENSATE_CHAINED(
      "compensate-chained",
      "@Step method %s is compensated by %s, which names a compensate of its own; a compensation"
          + " is not undone in turn: remove compensate from %2$s"),
  /** Args: the contract step method. */
  CONTRACT_COMPENSATE(
      "contract-compensate",
      "compensate applies only to the steps of a @Workflow class, but %s is a step of a step"
          + " contract; give the workflow a @Step that calls the undoing contract step, and remove"
          + " compensate here"),

  // ---- @Schedule -------------------------------------------------------------------------------

  /** Args: the class. */
  SCHEDULE_OUTSIDE_WORKFLOW(
      "schedule-outside-workflow",
      "@Schedule on %s, which is not a @Workflow class, never fires; annotate %1$s with @Workflow"
          + " or move the @Schedule onto the workflow it should start"),
  /** Args: the expression, what cron-utils says is wrong. */
  SCHEDULE_CRON(
      "schedule-cron",
      "@Schedule cron expression \"%s\" is invalid: %s; write six fields, seconds first (second"
          + " minute hour day-of-month month day-of-week), such as \"0 0 2 * * *\" for 02:00:00"
          + " every day"),
  /** Args: the zone, what java.time says is wrong. */
  SCHEDULE_ZONE(
      "schedule-zone",
      "@Schedule zone \"%s\" is not a time zone java.time knows (%s); use a region such as"
          + " \"Europe/Berlin\" or \"UTC\", or an offset such as \"+02:00\""),
  /** Args: method, class, the stored parameters' types. */
  SCHEDULE_RUN_INPUT(
      "schedule-run-input",
      "@Run method %s of scheduled workflow %s takes %s, but a scheduled run's input is nothing or"
          + " its fire time; take no parameter (besides a WorkflowContext first) or one"
          + " java.time.Instant"),
  /** Args: name (shortened), class, length, the most allowed. */
  SCHEDULE_NAME_LENGTH(
      "schedule-name-length",
      "workflow name '%s' of %s is %d characters long, but a workflow with a @Schedule may have at"
          + " most %d, for the ids of its runs (schedule:<name>:<fire time>) to fit; set"
          + " @Workflow(name = ...) to a shorter name"),

  // ---- Determinism lint of @Run bodies ---------------------------------------------------------

  /** Args: @Run method, class, the call ("System.currentTimeMillis()"). */
  LINT_WALL_CLOCK(
      "nondeterministic-clock",
      "@Run method %s of %s calls %s, which reads the wall clock and gives another time when the"
          + " run is replayed; use ctx.now() of its WorkflowContext (the @Run method's optional"
          + " first parameter), which is recorded and replayed, or read the time inside a @Step"),
  /** Args: @Run method, class, the call ("new Random()"), the helper ("ctx.random()"). */
  LINT_RANDOM(
      "nondeterministic-random",
      "@Run method %s of %s calls %s, which draws other random values when the run is replayed;"
          + " use %s of its WorkflowContext (the @Run method's optional first parameter), which is"
          + " recorded and replayed, or draw them inside a @Step"),
  /** Args: @Run method, class, the call ("Thread.sleep(...)"). */
  LINT_SLEEP(
      "nondeterministic-sleep",
      "@Run method %s of %s calls %s, which holds the engine's thread and is forgotten by a"
          + " restart; use ctx.sleep(Duration) of its WorkflowContext (the @Run method's optional"
          + " first parameter), a durable timer"),
  /** Args: @Run method, class, the step method ("charge(Order)"), the receiver ("other"). */
  LINT_STEP_RECEIVER(
      "step-call-receiver",
      "@Run method %s of %s calls @Step method %s on '%s', not on this workflow, so the call"
          + " bypasses its checkpoint and runs again on every replay; call it on this workflow"),
  /** Args: why the tree API is unavailable. A note. */
  LINT_UNAVAILABLE(
      "lint-unavailable",
      "the determinism lint of @Run methods needs javac's tree API (com.sun.source), which this"
          + " compiler does not offer (%s); @Run methods are not checked for the wall clock,"
          + " randomness, Thread.sleep and steps called on other objects"),

  // ---- @Signal ---------------------------------------------------------------------------------

  /** Args: method, its name. */
  SIGNAL_CLIENT_NAME(
      "signal-client-name",
      "@Signal method %s cannot be named '%s': the generated client sends each signal with a method"
          + " of the signal method's name, and has its own of, start and get; rename the method"
          + " (the signal's stored name can stay, with @Signal(name = \"%2$s\"))"),
  /** Args: method. */
  SIGNAL_VOID(
      "signal-void",
      "@Signal method %s must not be void: a wait returns the value the signal carries; return"
          + " the signal's type, and from the body the value to use when no signal came in time"),
  /** Args: method, number of parameters. */
  SIGNAL_PARAMETERS(
      "signal-parameters",
      "@Signal method %s takes %d parameters, but a signal takes none (wait without limit) or one"
          + " java.time.Duration (the longest wait); the value comes with the signal: remove the"
          + " others"),
  /** Args: method, parameter, its type. */
  SIGNAL_PARAMETER_TYPE(
      "signal-parameter-type",
      "@Signal method %s takes parameter '%s' of type %s, but its only parameter may be a"
          + " java.time.Duration, the longest wait; the value comes with the signal: take a"
          + " Duration or nothing"),
  /** Args: method, modifier. */
  SIGNAL_MODIFIER(
      "signal-modifier",
      "@Signal method %s must not be %s: the generated subclass must override it to wait; remove"
          + " the %2$s modifier"),
  /** Args: method, its type parameters. */
  SIGNAL_GENERIC(
      "signal-generic",
      "@Signal method %s must not declare type parameters (%s): its stored value needs a concrete"
          + " type; replace them with concrete types"),
  /** Args: method, the other annotation ("@Step" or "@Run"). */
  SIGNAL_AND_STEP(
      "signal-and-step",
      "method %s is annotated both @Signal and %s, but a signal wait is neither a step nor the"
          + " entry point; remove one of the two annotations"),
  /** Args: method, enclosing type. */
  SIGNAL_OUTSIDE_WORKFLOW(
      "signal-outside-workflow",
      "@Signal method %s is declared in %s, which is not a @Workflow class, so no run waits for"
          + " it; move it into the @Workflow class whose runs receive the signal"),
  /** Args: signal name (shortened), method, the offending characters. */
  SIGNAL_NAME_CHARACTERS(
      "signal-name",
      "signal name '%s' of method %s may contain only ASCII letters, digits and . _ : -, but"
          + " contains %s; set @Signal(name = ...) to a name that does"),
  /** Args: signal name (shortened), method, length. */
  SIGNAL_NAME_LENGTH(
      "signal-name-length",
      "signal name '%s' of method %s is %d characters long, but at most 200 are allowed; set"
          + " @Signal(name = ...) to a shorter name"),
  /** Args: signal name, workflow name, the step or signal method using it first, this method. */
  SIGNAL_NAME_DUPLICATE(
      "signal-name-duplicate",
      "signal name '%s' is used twice in workflow '%s', by %s and by %s; signals and steps are"
          + " matched to their checkpoints by name, so give the signal another"
          + " @Signal(name = ...)"),

  // ---- The lock file (-Adurable.lockfile) ------------------------------------------------------

  /** Args: workflow name, version, lock file, the changes ("step 'charge' was removed; ..."). */
  LOCK_CHANGED(
      "lock-changed",
      "workflow '%s' version '%s' changed incompatibly since it was locked in %s: %s; runs in"
          + " flight on this version would fail on replay: bump @Workflow(version), or keep what"
          + " was locked and guard the change with ctx.patched(...)"),
  /** Args: lock file, the reason. */
  LOCK_READ(
      "lock-read",
      "could not read the lock file %s: %s; restore it from version control (it is written by the"
          + " processor, not by hand), or delete it to lock the workflows as they are now"),
  /** Args: lock file, the reason. */
  LOCK_WRITE(
      "lock-write",
      "could not write the lock file %s: %s; make sure its directory can be written, or change"
          + " -Adurable.lockfile"),

  // ---- The processor itself ---------------------------------------------------------------------

  /** Args: "@Workflow" or "step contract", qualified name. */
  UNRESOLVED_TYPES(
      "unresolved-types",
      "%s %s refers to types that do not exist, even after every processor ran; fix the"
          + " missing imports or types"),
  /** Args: the file or class, the reason. */
  GENERATED_WRITE(
      "generated-write",
      "could not write %s: %s; another class may already have this generated name (Outer.Inner"
          + " and a top-level Outer_Inner both generate Outer_InnerDurable): rename one of them"),
  /** Args: qualified name of the workflow or contract, the exception. */
  PROCESSOR_BUG(
      "processor-bug",
      "the Durable processor failed on %s: %s; this is a bug in the processor, please report it");

  private final String tag;
  private final String template;

  Messages(String tag, String template) {
    this.tag = tag;
    this.template = template;
  }

  /** The stable tag, such as {@code durable:step-retries}. */
  public String tag() {
    return "durable:" + tag;
  }

  /** The message with its arguments filled in, followed by its tag in brackets. */
  public String format(Object... args) {
    return String.format(template, args) + " [" + tag() + "]";
  }
}
