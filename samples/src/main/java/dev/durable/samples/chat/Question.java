package dev.durable.samples.chat;

/**
 * A question sent to a chat: its {@code id}, chosen by the caller, names the stream its answer is
 * written to ({@link ChatWorkflow#answerStream}), so the caller knows where to read it.
 *
 * @param id unique within the chat
 * @param text what is asked; {@code "bye"} ends the chat
 */
public record Question(String id, String text) {
  /** The question that ends the chat. */
  public static final String BYE = "bye";

  /** Whether it ends the chat. */
  public boolean endsChat() {
    return BYE.equals(text);
  }
}
