package dev.durable.processor.messages;

/**
 * The diagnostics of {@code @Workflow} classes: their kind, placement, name and version, fields:
 * each constant a stable tag, what the rule catches (its title in the error catalogue) and the
 * text; each factory makes one {@link Message}.
 */
public enum WorkflowMessages implements MessageKind {

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
          + " version");

  private final String tag;
  private final String title;
  private final String template;

  WorkflowMessages(String tag, String title, String template) {
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

  /** {@link #WORKFLOW_NOT_CLASS}. */
  public static Message workflowNotClass(String type, String kind) {
    return Message.of(WORKFLOW_NOT_CLASS, type, kind);
  }

  /** {@link #WORKFLOW_RECORD}. */
  public static Message workflowRecord(String record) {
    return Message.of(WORKFLOW_RECORD, record);
  }

  /** {@link #WORKFLOW_FINAL}. */
  public static Message workflowFinal(String type) {
    return Message.of(WORKFLOW_FINAL, type);
  }

  /** {@link #WORKFLOW_ABSTRACT}. */
  public static Message workflowAbstract(String type) {
    return Message.of(WORKFLOW_ABSTRACT, type);
  }

  /** {@link #WORKFLOW_INNER}. */
  public static Message workflowInner(String type) {
    return Message.of(WORKFLOW_INNER, type);
  }

  /** {@link #WORKFLOW_LOCAL}. */
  public static Message workflowLocal(String type) {
    return Message.of(WORKFLOW_LOCAL, type);
  }

  /** {@link #WORKFLOW_PRIVATE}. */
  public static Message workflowPrivate(String type) {
    return Message.of(WORKFLOW_PRIVATE, type);
  }

  /** {@link #WORKFLOW_IN_PRIVATE_CLASS}. */
  public static Message workflowInPrivateClass(String type, String privateOuter) {
    return Message.of(WORKFLOW_IN_PRIVATE_CLASS, type, privateOuter);
  }

  /** {@link #WORKFLOW_GENERIC}. */
  public static Message workflowGeneric(String type, String typeParameters) {
    return Message.of(WORKFLOW_GENERIC, type, typeParameters);
  }

  /** {@link #WORKFLOW_EXTENDS_WORKFLOW}. */
  public static Message workflowExtendsWorkflow(String type, String superclass) {
    return Message.of(WORKFLOW_EXTENDS_WORKFLOW, type, superclass);
  }

  /** {@link #WORKFLOW_CONSTRUCTOR}. */
  public static Message workflowConstructor(String type) {
    return Message.of(WORKFLOW_CONSTRUCTOR, type);
  }

  /** {@link #WORKFLOW_NAME_CHARACTERS}. */
  public static Message workflowNameCharacters(String name, String type, String offending) {
    return Message.of(WORKFLOW_NAME_CHARACTERS, name, type, offending);
  }

  /** {@link #WORKFLOW_NAME_LENGTH}. */
  public static Message workflowNameLength(String name, String type, long length) {
    return Message.of(WORKFLOW_NAME_LENGTH, name, type, length);
  }

  /** {@link #WORKFLOW_VERSION_EMPTY}. */
  public static Message workflowVersionEmpty(String type) {
    return Message.of(WORKFLOW_VERSION_EMPTY, type);
  }

  /** {@link #WORKFLOW_VERSION_CHARACTERS}. */
  public static Message workflowVersionCharacters(String version, String type, String offending) {
    return Message.of(WORKFLOW_VERSION_CHARACTERS, version, type, offending);
  }

  /** {@link #WORKFLOW_VERSION_LENGTH}. */
  public static Message workflowVersionLength(String version, String type, long length) {
    return Message.of(WORKFLOW_VERSION_LENGTH, version, type, length);
  }

  /** {@link #WORKFLOW_MUTABLE_FIELD}. */
  public static Message workflowMutableField(CharSequence field, String type) {
    return Message.of(WORKFLOW_MUTABLE_FIELD, field, type);
  }

  /** {@link #WORKFLOW_DUPLICATE}. */
  public static Message workflowDuplicate(String name, String version, String firstWorkflow) {
    return Message.of(WORKFLOW_DUPLICATE, name, version, firstWorkflow);
  }
}
