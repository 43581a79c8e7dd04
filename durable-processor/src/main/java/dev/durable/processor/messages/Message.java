package dev.durable.processor.messages;

/**
 * One diagnostic made by a factory of a {@link MessageKind}: its entry in the error catalogue and
 * its text, the arguments filled in and the tag in brackets at the end.
 */
public record Message(MessageKind kind, String text) {

  /** The message of {@code kind} with {@code args} filled in, followed by its tag in brackets. */
  static Message of(MessageKind kind, Object... args) {
    return new Message(kind, String.format(kind.template(), args) + " [" + kind.tag() + "]");
  }
}
