package dev.durable.processor.messages;

/**
 * One entry of the error catalogue: a stable tag, what the rule catches (its title in {@code
 * docs/reference/errors.md}) and the text, one sentence that says what is wrong, the value seen and
 * what to do. Each area of the processor's rules declares its entries as an enum ({@link
 * StepMessages}, {@link ScheduleMessages}...), with one typed factory per entry.
 */
public interface MessageKind {

  /** The stable tag, such as {@code durable:step-retries}. */
  String tag();

  /** What the rule catches, in Markdown, for the error catalogue: {@code `retries` below 1}. */
  String title();

  /** The text, with a {@code %s} or {@code %d} for each argument. */
  String template();

  /** The text with an ellipsis for each argument, for the error catalogue. */
  default String pattern() {
    return template().replaceAll("(%(\\d+\\$)?[sd])+", "…");
  }
}
