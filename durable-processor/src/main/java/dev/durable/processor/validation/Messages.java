package dev.durable.processor.validation;

/**
 * Every diagnostic the processor reports: one sentence that says what is wrong, the value seen and
 * what to do, and a short stable tag users can look up in the README's error catalogue. All message
 * texts live here.
 */
public enum Messages {
  STEP_RETRIES("step-retries", "@Step retries must be at least 1, but was %s"),
  WORKFLOW_DUPLICATE(
      "workflow-duplicate",
      "workflow '%s' version '%s' is already declared by %s; give one of them another name or version"),
  UNRESOLVED_TYPES(
      "unresolved-types",
      "@Workflow %s refers to types that do not exist, even after every processor ran; fix the"
          + " missing imports or types"),
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
