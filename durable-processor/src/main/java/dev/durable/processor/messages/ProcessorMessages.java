package dev.durable.processor.messages;

/**
 * The diagnostics of the processor itself: types that never appeared, files it could not write, its
 * own failures: each constant a stable tag, what the rule catches (its title in the error
 * catalogue) and the text; each factory makes one {@link Message}.
 */
public enum ProcessorMessages implements MessageKind {

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

  ProcessorMessages(String tag, String title, String template) {
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

  /** {@link #UNRESOLVED_TYPES}. */
  public static Message unresolvedTypes(String kind, String qualifiedName) {
    return Message.of(UNRESOLVED_TYPES, kind, qualifiedName);
  }

  /** {@link #GENERATED_WRITE}. */
  public static Message generatedWrite(String file, String reason) {
    return Message.of(GENERATED_WRITE, file, reason);
  }

  /** {@link #SHAPE_UNREAD}. */
  public static Message shapeUnread(CharSequence workflow, Throwable exception) {
    return Message.of(SHAPE_UNREAD, workflow, exception);
  }

  /** {@link #PROCESSOR_BUG}. */
  public static Message processorBug(CharSequence type, Throwable exception) {
    return Message.of(PROCESSOR_BUG, type, exception);
  }
}
