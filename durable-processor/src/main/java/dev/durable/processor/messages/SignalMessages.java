package dev.durable.processor.messages;

import javax.lang.model.element.Modifier;

/**
 * The diagnostics of {@code @Signal} methods: each constant a stable tag, what the rule catches
 * (its title in the error catalogue) and the text; each factory makes one {@link Message}.
 */
public enum SignalMessages implements MessageKind {

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
          + " @Signal(name = ...)");

  private final String tag;
  private final String title;
  private final String template;

  SignalMessages(String tag, String title, String template) {
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

  /** {@link #SIGNAL_CLIENT_NAME}. */
  public static Message signalClientName(String method, CharSequence name) {
    return Message.of(SIGNAL_CLIENT_NAME, method, name);
  }

  /** {@link #SIGNAL_VOID}. */
  public static Message signalVoid(String method) {
    return Message.of(SIGNAL_VOID, method);
  }

  /** {@link #SIGNAL_PARAMETERS}. */
  public static Message signalParameters(String method, long count) {
    return Message.of(SIGNAL_PARAMETERS, method, count);
  }

  /** {@link #SIGNAL_PARAMETER_TYPE}. */
  public static Message signalParameterType(String method, CharSequence parameter, String type) {
    return Message.of(SIGNAL_PARAMETER_TYPE, method, parameter, type);
  }

  /** {@link #SIGNAL_MODIFIER}. */
  public static Message signalModifier(String method, Modifier modifier) {
    return Message.of(SIGNAL_MODIFIER, method, modifier);
  }

  /** {@link #SIGNAL_GENERIC}. */
  public static Message signalGeneric(String method, String typeParameters) {
    return Message.of(SIGNAL_GENERIC, method, typeParameters);
  }

  /** {@link #SIGNAL_AND_STEP}. */
  public static Message signalAndStep(String method, String otherAnnotation) {
    return Message.of(SIGNAL_AND_STEP, method, otherAnnotation);
  }

  /** {@link #SIGNAL_OUTSIDE_WORKFLOW}. */
  public static Message signalOutsideWorkflow(String method, String enclosingType) {
    return Message.of(SIGNAL_OUTSIDE_WORKFLOW, method, enclosingType);
  }

  /** {@link #SIGNAL_NAME_CHARACTERS}. */
  public static Message signalNameCharacters(String signalName, String method, String offending) {
    return Message.of(SIGNAL_NAME_CHARACTERS, signalName, method, offending);
  }

  /** {@link #SIGNAL_NAME_LENGTH}. */
  public static Message signalNameLength(String signalName, String method, long length) {
    return Message.of(SIGNAL_NAME_LENGTH, signalName, method, length);
  }

  /** {@link #SIGNAL_NAME_DUPLICATE}. */
  public static Message signalNameDuplicate(
      String signalName, String workflowName, String firstMethod, String method) {
    return Message.of(SIGNAL_NAME_DUPLICATE, signalName, workflowName, firstMethod, method);
  }
}
