package dev.durable.processor.validation;

import java.nio.file.Path;
import javax.lang.model.element.Modifier;

/**
 * Every diagnostic the processor reports, and the error catalogue: each constant holds a stable
 * tag, what the rule catches (its title in {@code docs/reference/errors.md}, which
 * {@code ErrorCatalogueTest} generates from here) and the text: one sentence that says what is
 * wrong, the value seen and what to do. All message texts live here.
 *
 * <p>Validators make a {@link Message} through the typed factory of its constant ({@link
 * #stepRetries(int)} for {@link #STEP_RETRIES}), never by filling in a text themselves. Method
 * signatures are written like {@code charge(Order)}, classes relative to their package ({@code
 * Outer.Inner}), stored types with their qualified names and type arguments.
 */
public enum Messages {

  // ---- @Workflow type --------------------------------------------------------------------------

  /** Args: type, what it is ("an interface", "an enum", "an annotation type"). */
  WORKFLOW_NOT_CLASS(
      "workflow-kind",
      "`@Workflow` on an interface, enum or annotation type",
      "@Workflow must annotate a class, but %s is %s; declare the workflow as a class that the"
          + " generated subclass can extend"),
  /** Args: record. */
  WORKFLOW_RECORD(
      "workflow-record",
      "`@Workflow` on a record (records are final)",
      "@Workflow record %s cannot be a workflow: records are final and the generated subclass must"
          + " extend it; make it a class"),
  /** Args: class. */
  WORKFLOW_FINAL(
      "workflow-final",
      "a final workflow class: the generated subclass extends it",
      "@Workflow class %s must not be final: the generated subclass extends it; remove the final"
          + " modifier"),
  /** Args: class. */
  WORKFLOW_ABSTRACT(
      "workflow-abstract",
      "an abstract workflow class",
      "@Workflow class %s must not be abstract: the generated subclass is instantiated and cannot"
          + " implement its abstract methods; make it concrete (an abstract base class without"
          + " @Workflow is fine)"),
  /** Args: class. */
  WORKFLOW_INNER(
      "workflow-inner",
      "a non-static nested workflow class",
      "@Workflow class %s must not be an inner class: the generated subclass is top-level and has"
          + " no enclosing instance to create it with; make it static"),
  /** Args: class. */
  WORKFLOW_LOCAL(
      "workflow-local",
      "a local or anonymous workflow class",
      "@Workflow class %s must not be local or anonymous: the generated subclass cannot refer to"
          + " it; make it a top-level or static nested class"),
  /** Args: class. */
  WORKFLOW_PRIVATE(
      "workflow-private",
      "a private workflow class",
      "@Workflow class %s must not be private: the generated subclass in the same package must"
          + " extend it; make it package-private, protected or public"),
  /** Args: class, the private enclosing class. */
  WORKFLOW_IN_PRIVATE_CLASS(
      "workflow-enclosing-private",
      "a workflow nested in a private class",
      "@Workflow class %s is nested in private class %s, so the generated subclass cannot extend"
          + " it; make %2$s package-private or move the workflow out of it"),
  /** Args: class, its type parameters ("<T>"). */
  WORKFLOW_GENERIC(
      "workflow-generic",
      "a workflow class with type parameters",
      "@Workflow class %s must not declare type parameters (%s): one instance serves every run and"
          + " its stored input and result need concrete types; replace them with concrete types"),
  /** Args: class, the @Workflow superclass. */
  WORKFLOW_EXTENDS_WORKFLOW(
      "workflow-extends-workflow",
      "a workflow extending another workflow, whose steps it would not checkpoint",
      "@Workflow class %s extends @Workflow class %s, whose @Step methods its generated subclass"
          + " would not checkpoint; move the shared code into a base class without @Workflow and"
          + " @Step, and extend that instead"),
  /** Args: class. */
  WORKFLOW_CONSTRUCTOR(
      "workflow-constructor",
      "no constructor the generated subclass can call",
      "@Workflow class %s has no constructor the generated subclass can call: all its constructors"
          + " are private; make one package-private, protected or public"),
  /** Args: name, class, the offending characters. */
  WORKFLOW_NAME_CHARACTERS(
      "workflow-name",
      "a name with characters other than letters, digits, `. _ : -`, or over 200 characters",
      "workflow name '%s' of %s may contain only ASCII letters, digits and . _ : -, but contains"
          + " %s; set @Workflow(name = ...) to a name that does"),
  /** Args: name (shortened), class, length. */
  WORKFLOW_NAME_LENGTH(
      "workflow-name-length",
      "a name with characters other than letters, digits, `. _ : -`, or over 200 characters",
      "workflow name '%s' of %s is %d characters long, but at most 200 are allowed; set"
          + " @Workflow(name = ...) to a shorter name"),
  /** Args: class. */
  WORKFLOW_VERSION_EMPTY(
      "workflow-version-empty",
      "an invalid, empty or over-100-character version",
      "@Workflow version of %s must not be empty; leave the default \"1\" or set a version such as"
          + " \"2\""),
  /** Args: version, class, the offending characters. */
  WORKFLOW_VERSION_CHARACTERS(
      "workflow-version",
      "an invalid, empty or over-100-character version",
      "workflow version '%s' of %s may contain only ASCII letters, digits and . _ : -, but contains"
          + " %s; set @Workflow(version = ...) to a version that does"),
  /** Args: version (shortened), class, length. */
  WORKFLOW_VERSION_LENGTH(
      "workflow-version-length",
      "an invalid, empty or over-100-character version",
      "workflow version '%s' of %s is %d characters long, but at most 100 are allowed; set"
          + " @Workflow(version = ...) to a shorter version"),
  /** Args: field, class. A warning. */
  WORKFLOW_MUTABLE_FIELD(
      "workflow-mutable-field",
      "(warning) a non-final instance field: one instance serves every run",
      "field '%s' of @Workflow class %s is not final, but one instance serves every run: per-run"
          + " state in fields is shared between runs and lost on replay; make it final or keep the"
          + " state in step results"),
  /** Args: name (shortened), version (shortened), qualified name of the first workflow. */
  WORKFLOW_DUPLICATE(
      "workflow-duplicate",
      "two workflows with the same name and version in one compilation",
      "workflow '%s' version '%s' is already declared by %s; give one of them another name or"
          + " version"),

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
          + " workflow; annotate %2$s with @Workflow or move the method into a @Workflow class"),

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
          + " backoffMs above 0 or remove jitter"),

  // ---- Stored types: args are position, type, path ("" or " in field 'x' of com.acme.Y ...") ----

  TYPE_TOO_GENERAL(
      "type-too-general",
      "a stored type of `Object`, a type variable or `?`",
      "%s cannot be stored: type %s%s is too general to decode; use a concrete type such as a"
          + " record, or JsonNode for free-form JSON"),
  TYPE_RAW(
      "type-raw",
      "a raw type such as `List`",
      "%s cannot be stored: raw type %s%s does not say what it holds; add its type arguments"),
  TYPE_LIVE_OBJECT(
      "type-live-object",
      "streams, readers, sockets, connections, threads, futures, executors, `Class`...",
      "%s cannot be stored: type %s%s is a live object (a resource, stream, thread, task or class),"
          + " not data; store the data it carries instead, such as a byte[], a String or an id"),
  TYPE_ITERATOR(
      "type-iterator",
      "an `Iterator` or a bare `Iterable`",
      "%s cannot be stored: type %s%s is an iterator or iterable, not a collection; use a List or a"
          + " Set"),
  TYPE_FUNCTIONAL(
      "type-functional",
      "a functional interface (lambdas cannot be stored)",
      "%s cannot be stored: type %s%s is a functional interface, and functional interfaces and"
          + " lambdas cannot be stored; store the data the function needs and call it in a step"),
  TYPE_ABSTRACT(
      "type-abstract",
      "an interface or abstract class Jackson cannot construct",
      "%s cannot be stored: type %s%s is an interface or abstract class that Jackson cannot"
          + " construct; use a concrete class or a record, or annotate it @JsonTypeInfo with its"
          + " subtypes"),
  TYPE_INNER_CLASS(
      "type-inner-class",
      "a non-static inner class",
      "%s cannot be stored: type %s%s is an inner class, which needs an enclosing instance to be"
          + " created; make it a static nested class or a record"),
  TYPE_NO_CONSTRUCTOR(
      "type-no-constructor",
      "a class with no constructor Jackson can use",
      "%s cannot be stored: type %s%s has no constructor Jackson can use; add a no-argument"
          + " constructor or a @JsonCreator constructor, or make it a record"),
  TYPE_NO_PROPERTIES(
      "type-no-properties",
      "a class in which Jackson sees no property (no public field or getter, nothing"
          + " annotated `@JsonProperty`): \"No serializer found\"",
      "%s cannot be stored: type %s%s has no property Jackson can see (a public field, a public"
          + " getter such as getCents(), or a member annotated @JsonProperty), so it cannot be"
          + " written (\"No serializer found\"); add getters, annotate its fields @JsonProperty,"
          + " or make it a record"),
  TYPE_MAP_KEY(
      "type-map-key",
      "a map key other than `String`, a boxed primitive, an enum or `UUID`",
      "%s cannot be stored: map key type %s%s cannot be decoded from a JSON field name; use String,"
          + " a boxed primitive, an enum or UUID as the key"),

  // ---- Types the generated code names: args are position, type, path as above -------------------

  TYPE_PRIVATE(
      "type-private",
      "a step or run parameter or result of a private type, or of a type nested in a private"
          + " class: the generated classes cannot name it",
      "%s cannot be used: type %s%s is private, so the code generated in its package cannot refer"
          + " to it; make it package-private or public"),
  /** Args: position, type, path, the private enclosing class. */
  TYPE_IN_PRIVATE_CLASS(
      "type-enclosing-private",
      "a step or run parameter or result of a private type, or of a type nested in a private"
          + " class: the generated classes cannot name it",
      "%s cannot be used: type %s%s is nested in private class %s, so the code generated in its"
          + " package cannot refer to it; make %4$s package-private or move the type out of it"),
  /** Args: position, type, path, the package of the generated code. */
  TYPE_PROTECTED(
      "type-protected",
      "a step or run parameter or result of a protected type of a superclass in another package",
      "%s cannot be used: type %s%s is protected in a class of another package, so the code"
          + " generated in package %s cannot refer to it; make it public"),

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
          + " of them another @Step(name = ...)"),

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
          + " compensate here"),

  // ---- @Schedule -------------------------------------------------------------------------------

  /** Args: the class. */
  SCHEDULE_OUTSIDE_WORKFLOW(
      "schedule-outside-workflow",
      "`@Schedule` on a class that is not a `@Workflow`",
      "@Schedule on %s, which is not a @Workflow class, never fires; annotate %1$s with @Workflow"
          + " or move the @Schedule onto the workflow it should start"),
  /** Args: the expression, what cron-utils says is wrong. */
  SCHEDULE_CRON(
      "schedule-cron",
      "a `@Schedule` cron expression cron-utils cannot read as six fields, seconds first (the"
          + " message says what it found wrong)",
      "@Schedule cron expression \"%s\" is invalid: %s; write six fields, seconds first (second"
          + " minute hour day-of-month month day-of-week), such as \"0 0 2 * * *\" for 02:00:00"
          + " every day"),
  /** Args: the expression. */
  SCHEDULE_NEVER_FIRES(
      "schedule-never-fires",
      "a `@Schedule` cron expression that matches no time at all, such as the 30th of February",
      "@Schedule cron expression \"%s\" never fires: no date matches its day-of-month, month and"
          + " day-of-week fields together (such as the 30th of February); correct those fields"),
  /** Args: the zone, what java.time says is wrong. */
  SCHEDULE_ZONE(
      "schedule-zone",
      "a `@Schedule` zone that is not a `java.time.ZoneId`",
      "@Schedule zone \"%s\" is not a time zone java.time knows (%s); use a region such as"
          + " \"Europe/Berlin\" or \"UTC\", or an offset such as \"+02:00\""),
  /** Args: method, class, the stored parameters' types. */
  SCHEDULE_RUN_INPUT(
      "schedule-run-input",
      "a scheduled workflow whose `@Run` takes other than nothing or one `Instant`",
      "@Run method %s of scheduled workflow %s takes %s, but a scheduled run's input is nothing or"
          + " its fire time; take no parameter (besides a WorkflowContext first) or one"
          + " java.time.Instant"),
  /** Args: name (shortened), class, length, the most allowed. */
  SCHEDULE_NAME_LENGTH(
      "schedule-name-length",
      "a scheduled workflow's name over 160 characters (its run ids would not fit)",
      "workflow name '%s' of %s is %d characters long, but a workflow with a @Schedule may have at"
          + " most %d, for the ids of its runs (schedule:<name>:<fire time>) to fit; set"
          + " @Workflow(name = ...) to a shorter name"),

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
          + " randomness, Thread.sleep and steps called on other objects"),

  // ---- @Signal ---------------------------------------------------------------------------------

  /** Args: method, its name. */
  SIGNAL_CLIENT_NAME(
      "signal-client-name",
      "a `@Signal` method named `of`, `start`, `get` or `continueAsNew`, which the generated client"
          + " has already",
      "@Signal method %s cannot be named '%s': the generated client sends each signal with a method"
          + " of the signal method's name, and has its own of, start, get and continueAsNew; rename"
          + " the method"
          + " (the signal's stored name can stay, with @Signal(name = \"%2$s\"))"),
  /** Args: method. */
  SIGNAL_VOID(
      "signal-void",
      "a `@Signal` method returning `void`: a wait returns the signal's value",
      "@Signal method %s must not be void: a wait returns the value the signal carries; return"
          + " the signal's type, and from the body the value to use when no signal came in time"),
  /** Args: method, number of parameters. */
  SIGNAL_PARAMETERS(
      "signal-parameters",
      "a `@Signal` method with more than one parameter, or one that is not a `java.time.Duration`",
      "@Signal method %s takes %d parameters, but a signal takes none (wait without limit) or one"
          + " java.time.Duration (the longest wait); the value comes with the signal: remove the"
          + " others"),
  /** Args: method, parameter, its type. */
  SIGNAL_PARAMETER_TYPE(
      "signal-parameter-type",
      "a `@Signal` method with more than one parameter, or one that is not a `java.time.Duration`",
      "@Signal method %s takes parameter '%s' of type %s, but its only parameter may be a"
          + " java.time.Duration, the longest wait; the value comes with the signal: take a"
          + " Duration or nothing"),
  /** Args: method, modifier. */
  SIGNAL_MODIFIER(
      "signal-modifier",
      "a private, static or final `@Signal` method",
      "@Signal method %s must not be %s: the generated subclass must override it to wait; remove"
          + " the %2$s modifier"),
  /** Args: method, its type parameters. */
  SIGNAL_GENERIC(
      "signal-generic",
      "a `@Signal` method with type parameters",
      "@Signal method %s must not declare type parameters (%s): its stored value needs a concrete"
          + " type; replace them with concrete types"),
  /** Args: method, the other annotation ("@Step" or "@Run"). */
  SIGNAL_AND_STEP(
      "signal-and-step",
      "a method that is `@Signal` and also `@Step` or `@Run`",
      "method %s is annotated both @Signal and %s, but a signal wait is neither a step nor the"
          + " entry point; remove one of the two annotations"),
  /** Args: method, enclosing type. */
  SIGNAL_OUTSIDE_WORKFLOW(
      "signal-outside-workflow",
      "`@Signal` in a class that is not a `@Workflow`",
      "@Signal method %s is declared in %s, which is not a @Workflow class, so no run waits for"
          + " it; move it into the @Workflow class whose runs receive the signal"),
  /** Args: signal name (shortened), method, the offending characters. */
  SIGNAL_NAME_CHARACTERS(
      "signal-name",
      "an invalid or over-long signal name",
      "signal name '%s' of method %s may contain only ASCII letters, digits and . _ : -, but"
          + " contains %s; set @Signal(name = ...) to a name that does"),
  /** Args: signal name (shortened), method, length. */
  SIGNAL_NAME_LENGTH(
      "signal-name-length",
      "an invalid or over-long signal name",
      "signal name '%s' of method %s is %d characters long, but at most 200 are allowed; set"
          + " @Signal(name = ...) to a shorter name"),
  /** Args: signal name, workflow name, the step or signal method using it first, this method. */
  SIGNAL_NAME_DUPLICATE(
      "signal-name-duplicate",
      "a signal named like a step or another signal of the workflow",
      "signal name '%s' is used twice in workflow '%s', by %s and by %s; signals and steps are"
          + " matched to their checkpoints by name, so give the signal another"
          + " @Signal(name = ...)"),

  // ---- The lock file (-Adurable.lockfile) ------------------------------------------------------

  /** Args: workflow name, version, lock file, the changes ("step 'charge' was removed; ..."). */
  LOCK_CHANGED(
      "lock-changed",
      "a workflow version's step graph changed incompatibly since the lock file recorded it"
          + " (see \"The lock file\")",
      "workflow '%s' version '%s' changed incompatibly since it was locked in %s: %s; runs in"
          + " flight on this version would fail on replay: bump @Workflow(version), or keep what"
          + " was locked and guard the change with ctx.patched(...)"),
  /** Args: lock file, the reason. */
  LOCK_READ(
      "lock-read",
      "the lock file named by `-Adurable.lockfile` could not be read (or a line of it is not"
          + " understood) or written",
      "could not read the lock file %s: %s; restore it from version control (it is written by the"
          + " processor, not by hand), or delete it to lock the workflows as they are now"),
  /** Args: lock file, the reason. */
  LOCK_WRITE(
      "lock-write",
      "the lock file named by `-Adurable.lockfile` could not be read (or a line of it is not"
          + " understood) or written",
      "could not write the lock file %s: %s; make sure its directory can be written, or change"
          + " -Adurable.lockfile"),

  // ---- The processor itself ---------------------------------------------------------------------

  /** Args: "@Workflow" or "step contract", qualified name. */
  UNRESOLVED_TYPES(
      "unresolved-types",
      "a workflow or step contract that refers to types that never appeared",
      "%s %s refers to types that do not exist, even after every processor ran; fix the"
          + " missing imports or types"),
  /** Args: the file or class, the reason. */
  GENERATED_WRITE(
      "generated-write",
      "a generated file could not be written, e.g. `Outer.Inner` and a top-level"
          + " `Outer_Inner` both generate `Outer_InnerDurable`",
      "could not write %s: %s; another class may already have this generated name (Outer.Inner"
          + " and a top-level Outer_Inner both generate Outer_InnerDurable): rename one of them"),
  /** Args: the workflow's simple name, the exception. A warning: the build goes on. */
  SHAPE_UNREAD(
      "shape-unread",
      "the processor could not read a `@Run` body's shape, which only the dashboard's graph uses",
      "the shape of %s's @Run body could not be read (%s): the dashboard draws no graph for this"
          + " version; the generated code is not affected; please report it with the @Run body"),
  /** Args: qualified name of the workflow or contract, the exception. */
  PROCESSOR_BUG(
      "processor-bug",
      "the processor itself failed: please report it",
      "the Durable processor failed on %s: %s; this is a bug in the processor, please report it");

  private final String tag;
  private final String title;
  private final String template;

  Messages(String tag, String title, String template) {
    this.tag = tag;
    this.title = title;
    this.template = template;
  }

  /** The stable tag, such as {@code durable:step-retries}. */
  public String tag() {
    return "durable:" + tag;
  }

  /** What the rule catches, in Markdown, for the error catalogue: {@code `retries` below 1}. */
  public String title() {
    return title;
  }

  /** The text with an ellipsis for each argument, for the error catalogue. */
  public String pattern() {
    return template.replaceAll("(%(\\d+\\$)?[sd])+", "…");
  }

  /** The message with its arguments filled in, followed by its tag in brackets. */
  Message with(Object... args) {
    return new Message(this, String.format(template, args) + " [" + tag() + "]");
  }

  /** A stored-type problem ({@code TYPE_...}): where, the type, and the path leading to it. */
  Message storedType(String position, String type, String path) {
    return with(position, type, path);
  }

  // ---- One factory per message, its arguments typed and named ---------------------------------

  /** {@link #WORKFLOW_NOT_CLASS}. */
  public static Message workflowNotClass(String type, String kind) {
    return WORKFLOW_NOT_CLASS.with(type, kind);
  }

  /** {@link #WORKFLOW_RECORD}. */
  public static Message workflowRecord(String record) {
    return WORKFLOW_RECORD.with(record);
  }

  /** {@link #WORKFLOW_FINAL}. */
  public static Message workflowFinal(String type) {
    return WORKFLOW_FINAL.with(type);
  }

  /** {@link #WORKFLOW_ABSTRACT}. */
  public static Message workflowAbstract(String type) {
    return WORKFLOW_ABSTRACT.with(type);
  }

  /** {@link #WORKFLOW_INNER}. */
  public static Message workflowInner(String type) {
    return WORKFLOW_INNER.with(type);
  }

  /** {@link #WORKFLOW_LOCAL}. */
  public static Message workflowLocal(String type) {
    return WORKFLOW_LOCAL.with(type);
  }

  /** {@link #WORKFLOW_PRIVATE}. */
  public static Message workflowPrivate(String type) {
    return WORKFLOW_PRIVATE.with(type);
  }

  /** {@link #WORKFLOW_IN_PRIVATE_CLASS}. */
  public static Message workflowInPrivateClass(String type, String privateOuter) {
    return WORKFLOW_IN_PRIVATE_CLASS.with(type, privateOuter);
  }

  /** {@link #WORKFLOW_GENERIC}. */
  public static Message workflowGeneric(String type, String typeParameters) {
    return WORKFLOW_GENERIC.with(type, typeParameters);
  }

  /** {@link #WORKFLOW_EXTENDS_WORKFLOW}. */
  public static Message workflowExtendsWorkflow(String type, String superclass) {
    return WORKFLOW_EXTENDS_WORKFLOW.with(type, superclass);
  }

  /** {@link #WORKFLOW_CONSTRUCTOR}. */
  public static Message workflowConstructor(String type) {
    return WORKFLOW_CONSTRUCTOR.with(type);
  }

  /** {@link #WORKFLOW_NAME_CHARACTERS}. */
  public static Message workflowNameCharacters(String name, String type, String offending) {
    return WORKFLOW_NAME_CHARACTERS.with(name, type, offending);
  }

  /** {@link #WORKFLOW_NAME_LENGTH}. */
  public static Message workflowNameLength(String name, String type, long length) {
    return WORKFLOW_NAME_LENGTH.with(name, type, length);
  }

  /** {@link #WORKFLOW_VERSION_EMPTY}. */
  public static Message workflowVersionEmpty(String type) {
    return WORKFLOW_VERSION_EMPTY.with(type);
  }

  /** {@link #WORKFLOW_VERSION_CHARACTERS}. */
  public static Message workflowVersionCharacters(String version, String type, String offending) {
    return WORKFLOW_VERSION_CHARACTERS.with(version, type, offending);
  }

  /** {@link #WORKFLOW_VERSION_LENGTH}. */
  public static Message workflowVersionLength(String version, String type, long length) {
    return WORKFLOW_VERSION_LENGTH.with(version, type, length);
  }

  /** {@link #WORKFLOW_MUTABLE_FIELD}. */
  public static Message workflowMutableField(CharSequence field, String type) {
    return WORKFLOW_MUTABLE_FIELD.with(field, type);
  }

  /** {@link #WORKFLOW_DUPLICATE}. */
  public static Message workflowDuplicate(String name, String version, String firstWorkflow) {
    return WORKFLOW_DUPLICATE.with(name, version, firstWorkflow);
  }

  /** {@link #RUN_MISSING}. */
  public static Message runMissing(String type) {
    return RUN_MISSING.with(type);
  }

  /** {@link #RUN_SEVERAL}. */
  public static Message runSeveral(String type, long count) {
    return RUN_SEVERAL.with(type, count);
  }

  /** {@link #RUN_EXTRA}. */
  public static Message runExtra(String method, String type, String firstRun) {
    return RUN_EXTRA.with(method, type, firstRun);
  }

  /** {@link #RUN_MODIFIER}. */
  public static Message runModifier(String method, Modifier modifier) {
    return RUN_MODIFIER.with(method, modifier);
  }

  /** {@link #RUN_TIMEOUT_NEGATIVE}. */
  public static Message runTimeoutNegative(long timeoutMs) {
    return RUN_TIMEOUT_NEGATIVE.with(timeoutMs);
  }

  /** {@link #RUN_GENERIC}. */
  public static Message runGeneric(String method, String typeParameters) {
    return RUN_GENERIC.with(method, typeParameters);
  }

  /** {@link #RUN_CONTEXT_POSITION}. */
  public static Message runContextPosition(String method, CharSequence parameter, long position) {
    return RUN_CONTEXT_POSITION.with(method, parameter, position);
  }

  /** {@link #RUN_STEP_CONTEXT}. */
  public static Message runStepContext(String method, CharSequence parameter) {
    return RUN_STEP_CONTEXT.with(method, parameter);
  }

  /** {@link #RUN_OUTSIDE_WORKFLOW}. */
  public static Message runOutsideWorkflow(String method, String enclosingType) {
    return RUN_OUTSIDE_WORKFLOW.with(method, enclosingType);
  }

  /** {@link #STEP_RETRIES}. */
  public static Message stepRetries(int retries) {
    return STEP_RETRIES.with(retries);
  }

  /** {@link #STEP_BACKOFF_NEGATIVE}. */
  public static Message stepBackoffNegative(long backoffMs) {
    return STEP_BACKOFF_NEGATIVE.with(backoffMs);
  }

  /** {@link #STEP_BACKOFF_MAX_NEGATIVE}. */
  public static Message stepBackoffMaxNegative(long backoffMaxMs) {
    return STEP_BACKOFF_MAX_NEGATIVE.with(backoffMaxMs);
  }

  /** {@link #STEP_TIMEOUT_NEGATIVE}. */
  public static Message stepTimeoutNegative(long timeoutMs) {
    return STEP_TIMEOUT_NEGATIVE.with(timeoutMs);
  }

  /** {@link #STEP_PICKUP_TIMEOUT_NEGATIVE}. */
  public static Message stepPickupTimeoutNegative(long pickupTimeoutMs) {
    return STEP_PICKUP_TIMEOUT_NEGATIVE.with(pickupTimeoutMs);
  }

  /** {@link #STEP_BACKOFF_MAX_BELOW_BASE}. */
  public static Message stepBackoffMaxBelowBase(long backoffMaxMs, long backoffMs) {
    return STEP_BACKOFF_MAX_BELOW_BASE.with(backoffMaxMs, backoffMs);
  }

  /** {@link #STEP_PICKUP_TIMEOUT_LOCAL}. */
  public static Message stepPickupTimeoutLocal(long pickupTimeoutMs, String method) {
    return STEP_PICKUP_TIMEOUT_LOCAL.with(pickupTimeoutMs, method);
  }

  /** {@link #STEP_MODIFIER}. */
  public static Message stepModifier(String method, Modifier modifier) {
    return STEP_MODIFIER.with(method, modifier);
  }

  /** {@link #STEP_GENERIC}. */
  public static Message stepGeneric(String method, String typeParameters) {
    return STEP_GENERIC.with(method, typeParameters);
  }

  /** {@link #STEP_CONTEXT_POSITION}. */
  public static Message stepContextPosition(String method, CharSequence parameter, long position) {
    return STEP_CONTEXT_POSITION.with(method, parameter, position);
  }

  /** {@link #STEP_WORKFLOW_CONTEXT}. */
  public static Message stepWorkflowContext(String method, CharSequence parameter) {
    return STEP_WORKFLOW_CONTEXT.with(method, parameter);
  }

  /** {@link #STEP_AND_RUN}. */
  public static Message stepAndRun(String method) {
    return STEP_AND_RUN.with(method);
  }

  /** {@link #STEP_OUTSIDE_WORKFLOW}. */
  public static Message stepOutsideWorkflow(String method, String enclosingType) {
    return STEP_OUTSIDE_WORKFLOW.with(method, enclosingType);
  }

  /** {@link #STEP_NAME_CHARACTERS}. */
  public static Message stepNameCharacters(String stepName, String method, String offending) {
    return STEP_NAME_CHARACTERS.with(stepName, method, offending);
  }

  /** {@link #STEP_NAME_LENGTH}. */
  public static Message stepNameLength(String stepName, String method, long length) {
    return STEP_NAME_LENGTH.with(stepName, method, length);
  }

  /** {@link #STEP_NAME_DUPLICATE}. */
  public static Message stepNameDuplicate(
      String stepName, String workflowName, String firstMethod, String method) {
    return STEP_NAME_DUPLICATE.with(stepName, workflowName, firstMethod, method);
  }

  /** {@link #STEP_NON_RETRYABLE_NOT_THROWN}. */
  public static Message stepNonRetryableNotThrown(String exception, String method) {
    return STEP_NON_RETRYABLE_NOT_THROWN.with(exception, method);
  }

  /** {@link #STEP_BACKOFF_UNUSED}. */
  public static Message stepBackoffUnused(String attribute, String value) {
    return STEP_BACKOFF_UNUSED.with(attribute, value);
  }

  /** {@link #STEP_JITTER_WITHOUT_DELAY}. */
  public static Message stepJitterWithoutDelay() {
    return STEP_JITTER_WITHOUT_DELAY.with();
  }

  /** {@link #TYPE_TOO_GENERAL}. */
  public static Message typeTooGeneral(String position, String type, String path) {
    return TYPE_TOO_GENERAL.with(position, type, path);
  }

  /** {@link #TYPE_RAW}. */
  public static Message typeRaw(String position, String type, String path) {
    return TYPE_RAW.with(position, type, path);
  }

  /** {@link #TYPE_LIVE_OBJECT}. */
  public static Message typeLiveObject(String position, String type, String path) {
    return TYPE_LIVE_OBJECT.with(position, type, path);
  }

  /** {@link #TYPE_ITERATOR}. */
  public static Message typeIterator(String position, String type, String path) {
    return TYPE_ITERATOR.with(position, type, path);
  }

  /** {@link #TYPE_FUNCTIONAL}. */
  public static Message typeFunctional(String position, String type, String path) {
    return TYPE_FUNCTIONAL.with(position, type, path);
  }

  /** {@link #TYPE_ABSTRACT}. */
  public static Message typeAbstract(String position, String type, String path) {
    return TYPE_ABSTRACT.with(position, type, path);
  }

  /** {@link #TYPE_INNER_CLASS}. */
  public static Message typeInnerClass(String position, String type, String path) {
    return TYPE_INNER_CLASS.with(position, type, path);
  }

  /** {@link #TYPE_NO_CONSTRUCTOR}. */
  public static Message typeNoConstructor(String position, String type, String path) {
    return TYPE_NO_CONSTRUCTOR.with(position, type, path);
  }

  /** {@link #TYPE_NO_PROPERTIES}. */
  public static Message typeNoProperties(String position, String type, String path) {
    return TYPE_NO_PROPERTIES.with(position, type, path);
  }

  /** {@link #TYPE_MAP_KEY}. */
  public static Message typeMapKey(String position, String type, String path) {
    return TYPE_MAP_KEY.with(position, type, path);
  }

  /** {@link #TYPE_PRIVATE}. */
  public static Message typePrivate(String position, String type, String path) {
    return TYPE_PRIVATE.with(position, type, path);
  }

  /** {@link #TYPE_IN_PRIVATE_CLASS}. */
  public static Message typeInPrivateClass(
      String position, String type, String path, String privateOuter) {
    return TYPE_IN_PRIVATE_CLASS.with(position, type, path, privateOuter);
  }

  /** {@link #TYPE_PROTECTED}. */
  public static Message typeProtected(
      String position, String type, String path, CharSequence generatedPackage) {
    return TYPE_PROTECTED.with(position, type, path, generatedPackage);
  }

  /** {@link #CONTRACT_METHOD_WITHOUT_STEP}. */
  public static Message contractMethodWithoutStep(String method, String contract) {
    return CONTRACT_METHOD_WITHOUT_STEP.with(method, contract);
  }

  /** {@link #CONTRACT_STEP_BODY}. */
  public static Message contractStepBody(String method, String contract, String body) {
    return CONTRACT_STEP_BODY.with(method, contract, body);
  }

  /** {@link #CONTRACT_GENERIC}. */
  public static Message contractGeneric(String contract, String typeParameters) {
    return CONTRACT_GENERIC.with(contract, typeParameters);
  }

  /** {@link #CONTRACT_EXTENDS}. */
  public static Message contractExtends(String contract, String superinterfaces) {
    return CONTRACT_EXTENDS.with(contract, superinterfaces);
  }

  /** {@link #CONTRACT_PRIVATE}. */
  public static Message contractPrivate(String contract) {
    return CONTRACT_PRIVATE.with(contract);
  }

  /** {@link #CONTRACT_IN_PRIVATE_CLASS}. */
  public static Message contractInPrivateClass(String contract, String privateOuter) {
    return CONTRACT_IN_PRIVATE_CLASS.with(contract, privateOuter);
  }

  /** {@link #CONTRACT_PICKUP_WITHOUT_TIMEOUT}. */
  public static Message contractPickupWithoutTimeout(long pickupTimeoutMs, String method) {
    return CONTRACT_PICKUP_WITHOUT_TIMEOUT.with(pickupTimeoutMs, method);
  }

  /** {@link #CONTRACT_STEP_CONTEXT}. */
  public static Message contractStepContext(
      String method, String contract, CharSequence parameter) {
    return CONTRACT_STEP_CONTEXT.with(method, contract, parameter);
  }

  /** {@link #CONTRACT_REDISPATCH_NEGATIVE}. */
  public static Message contractRedispatchNegative(long remoteRedispatchMs) {
    return CONTRACT_REDISPATCH_NEGATIVE.with(remoteRedispatchMs);
  }

  /** {@link #CONTRACT_REDISPATCH_MAX}. */
  public static Message contractRedispatchMax(int remoteRedispatchMax) {
    return CONTRACT_REDISPATCH_MAX.with(remoteRedispatchMax);
  }

  /** {@link #CONTRACT_REDISPATCH_MAX_WITHOUT_LEASE}. */
  public static Message contractRedispatchMaxWithoutLease(int remoteRedispatchMax, String method) {
    return CONTRACT_REDISPATCH_MAX_WITHOUT_LEASE.with(remoteRedispatchMax, method);
  }

  /** {@link #STEP_REDISPATCH_LOCAL}. */
  public static Message stepRedispatchLocal(String attribute, String method) {
    return STEP_REDISPATCH_LOCAL.with(attribute, method);
  }

  /** {@link #CONTRACT_BACKOFF_UNUSED}. */
  public static Message contractBackoffUnused(
      String attribute, String value, String method, long timeoutMs) {
    return CONTRACT_BACKOFF_UNUSED.with(attribute, value, method, timeoutMs);
  }

  /** {@link #STEP_QUEUE_NAME}. */
  public static Message stepQueueName(String queueName) {
    return STEP_QUEUE_NAME.with(queueName);
  }

  /** {@link #CONTRACT_QUEUE}. */
  public static Message contractQueue(String method) {
    return CONTRACT_QUEUE.with(method);
  }

  /** {@link #CONTRACT_STEP_NAME_DUPLICATE}. */
  public static Message contractStepNameDuplicate(
      String stepName, String firstMethod, String method) {
    return CONTRACT_STEP_NAME_DUPLICATE.with(stepName, firstMethod, method);
  }

  /** {@link #ON_ERROR_MODIFIER}. */
  public static Message onErrorModifier(String method, Modifier modifier) {
    return ON_ERROR_MODIFIER.with(method, modifier);
  }

  /** {@link #ON_ERROR_CODE}. */
  public static Message onErrorCode(String method) {
    return ON_ERROR_CODE.with(method);
  }

  /** {@link #ON_ERROR_CODE_DUPLICATE}. */
  public static Message onErrorCodeDuplicate(String code, String firstMethod, String method) {
    return ON_ERROR_CODE_DUPLICATE.with(code, firstMethod, method);
  }

  /** {@link #ON_ERROR_PARAMETERS}. */
  public static Message onErrorParameters(String method, String runMethod) {
    return ON_ERROR_PARAMETERS.with(method, runMethod);
  }

  /** {@link #ON_ERROR_RESULT}. */
  public static Message onErrorResult(
      String method, String returnType, String runMethod, String runReturnType) {
    return ON_ERROR_RESULT.with(method, returnType, runMethod, runReturnType);
  }

  /** {@link #ON_FAILURE_SEVERAL}. */
  public static Message onFailureSeveral(String method, String firstMethod) {
    return ON_FAILURE_SEVERAL.with(method, firstMethod);
  }

  /** {@link #ON_FAILURE_MODIFIER}. */
  public static Message onFailureModifier(String method, Modifier modifier) {
    return ON_FAILURE_MODIFIER.with(method, modifier);
  }

  /** {@link #ON_FAILURE_RESULT}. */
  public static Message onFailureResult(String method, String returnType) {
    return ON_FAILURE_RESULT.with(method, returnType);
  }

  /** {@link #ON_FAILURE_PARAMETERS}. */
  public static Message onFailureParameters(String method, String runMethod) {
    return ON_FAILURE_PARAMETERS.with(method, runMethod);
  }

  /** {@link #COMPENSATE_MISSING}. */
  public static Message compensateMissing(String step, String name, String workflow) {
    return COMPENSATE_MISSING.with(step, name, workflow);
  }

  /** {@link #COMPENSATE_NOT_STEP}. */
  public static Message compensateNotStep(String step, String compensation) {
    return COMPENSATE_NOT_STEP.with(step, compensation);
  }

  /** {@link #COMPENSATE_SIGNATURE}. */
  public static Message compensateSignature(
      String step, String compensation, String expectedParameters, String parameters) {
    return COMPENSATE_SIGNATURE.with(step, compensation, expectedParameters, parameters);
  }

  /** {@link #COMPENSATE_CHAINED}. */
  public static Message compensateChained(String step, String compensation) {
    return COMPENSATE_CHAINED.with(step, compensation);
  }

  /** {@link #CONTRACT_COMPENSATE}. */
  public static Message contractCompensate(String method) {
    return CONTRACT_COMPENSATE.with(method);
  }

  /** {@link #SCHEDULE_OUTSIDE_WORKFLOW}. */
  public static Message scheduleOutsideWorkflow(String type) {
    return SCHEDULE_OUTSIDE_WORKFLOW.with(type);
  }

  /** {@link #SCHEDULE_NEVER_FIRES}. */
  public static Message scheduleNeverFires(String expression) {
    return SCHEDULE_NEVER_FIRES.with(expression);
  }

  /** {@link #SCHEDULE_CRON}. */
  public static Message scheduleCron(String expression, String reason) {
    return SCHEDULE_CRON.with(expression, reason);
  }

  /** {@link #SCHEDULE_ZONE}. */
  public static Message scheduleZone(String zone, String reason) {
    return SCHEDULE_ZONE.with(zone, reason);
  }

  /** {@link #SCHEDULE_RUN_INPUT}. */
  public static Message scheduleRunInput(String method, String type, String storedTypes) {
    return SCHEDULE_RUN_INPUT.with(method, type, storedTypes);
  }

  /** {@link #SCHEDULE_NAME_LENGTH}. */
  public static Message scheduleNameLength(
      String name, String type, long length, long mostAllowed) {
    return SCHEDULE_NAME_LENGTH.with(name, type, length, mostAllowed);
  }

  /** {@link #LINT_WALL_CLOCK}. */
  public static Message lintWallClock(String runMethod, String type, String call) {
    return LINT_WALL_CLOCK.with(runMethod, type, call);
  }

  /** {@link #LINT_RANDOM}. */
  public static Message lintRandom(String runMethod, String type, String call, String helper) {
    return LINT_RANDOM.with(runMethod, type, call, helper);
  }

  /** {@link #LINT_SLEEP}. */
  public static Message lintSleep(String runMethod, String type, String call) {
    return LINT_SLEEP.with(runMethod, type, call);
  }

  /** {@link #LINT_STEP_RECEIVER}. */
  public static Message lintStepReceiver(
      String runMethod, String type, String step, String receiver) {
    return LINT_STEP_RECEIVER.with(runMethod, type, step, receiver);
  }

  /** {@link #LINT_UNAVAILABLE}. */
  public static Message lintUnavailable(String reason) {
    return LINT_UNAVAILABLE.with(reason);
  }

  /** {@link #SIGNAL_CLIENT_NAME}. */
  public static Message signalClientName(String method, CharSequence name) {
    return SIGNAL_CLIENT_NAME.with(method, name);
  }

  /** {@link #SIGNAL_VOID}. */
  public static Message signalVoid(String method) {
    return SIGNAL_VOID.with(method);
  }

  /** {@link #SIGNAL_PARAMETERS}. */
  public static Message signalParameters(String method, long count) {
    return SIGNAL_PARAMETERS.with(method, count);
  }

  /** {@link #SIGNAL_PARAMETER_TYPE}. */
  public static Message signalParameterType(String method, CharSequence parameter, String type) {
    return SIGNAL_PARAMETER_TYPE.with(method, parameter, type);
  }

  /** {@link #SIGNAL_MODIFIER}. */
  public static Message signalModifier(String method, Modifier modifier) {
    return SIGNAL_MODIFIER.with(method, modifier);
  }

  /** {@link #SIGNAL_GENERIC}. */
  public static Message signalGeneric(String method, String typeParameters) {
    return SIGNAL_GENERIC.with(method, typeParameters);
  }

  /** {@link #SIGNAL_AND_STEP}. */
  public static Message signalAndStep(String method, String otherAnnotation) {
    return SIGNAL_AND_STEP.with(method, otherAnnotation);
  }

  /** {@link #SIGNAL_OUTSIDE_WORKFLOW}. */
  public static Message signalOutsideWorkflow(String method, String enclosingType) {
    return SIGNAL_OUTSIDE_WORKFLOW.with(method, enclosingType);
  }

  /** {@link #SIGNAL_NAME_CHARACTERS}. */
  public static Message signalNameCharacters(String signalName, String method, String offending) {
    return SIGNAL_NAME_CHARACTERS.with(signalName, method, offending);
  }

  /** {@link #SIGNAL_NAME_LENGTH}. */
  public static Message signalNameLength(String signalName, String method, long length) {
    return SIGNAL_NAME_LENGTH.with(signalName, method, length);
  }

  /** {@link #SIGNAL_NAME_DUPLICATE}. */
  public static Message signalNameDuplicate(
      String signalName, String workflowName, String firstMethod, String method) {
    return SIGNAL_NAME_DUPLICATE.with(signalName, workflowName, firstMethod, method);
  }

  /** {@link #LOCK_CHANGED}. */
  public static Message lockChanged(
      String workflowName, String version, Path lockFile, String changes) {
    return LOCK_CHANGED.with(workflowName, version, lockFile, changes);
  }

  /** {@link #LOCK_READ}. */
  public static Message lockRead(String lockFile, String reason) {
    return LOCK_READ.with(lockFile, reason);
  }

  /** {@link #LOCK_WRITE}. */
  public static Message lockWrite(Path lockFile, Exception reason) {
    return LOCK_WRITE.with(lockFile, reason);
  }

  /** {@link #UNRESOLVED_TYPES}. */
  public static Message unresolvedTypes(String kind, String qualifiedName) {
    return UNRESOLVED_TYPES.with(kind, qualifiedName);
  }

  /** {@link #GENERATED_WRITE}. */
  public static Message generatedWrite(String file, String reason) {
    return GENERATED_WRITE.with(file, reason);
  }

  /** {@link #SHAPE_UNREAD}. */
  public static Message shapeUnread(CharSequence workflow, Throwable exception) {
    return SHAPE_UNREAD.with(workflow, exception);
  }

  /** {@link #PROCESSOR_BUG}. */
  public static Message processorBug(CharSequence type, Throwable exception) {
    return PROCESSOR_BUG.with(type, exception);
  }
}

