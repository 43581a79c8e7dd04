package dev.durable.rabbitmq;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;

/**
 * The run ids of messages: {@code rabbitmq:<queue>:id:<message-id>} or {@code
 * rabbitmq:<queue>:sha256:<hash of routing key and body>}. With the queue in it, two triggers of
 * two queues (two workflows fed by one exchange) never share a run id; the {@code id:} and {@code
 * sha256:} parts keep the two kinds apart. An id the store could not keep (longer than {@value
 * #MAX_LENGTH} characters, or with a control character; for simplicity any surrogate too) becomes
 * {@code rabbitmq:sha256:} and the hash of that id: still the same for every delivery.
 */
final class RunIds {
  /** The longest run id the store keeps (the runs table's key column). */
  static final int MAX_LENGTH = 200;
  private static final String PREFIX = "rabbitmq:";

  private RunIds() {}

  /**
   * The run id of a message of {@code queue}, as {@code identity} derives it; empty when {@code
   * identity} needs a message-id and the message has none.
   */
  static Optional<String> of(String queue, MessageIdentity identity, String messageId,
      String routingKey, byte[] body) {
    boolean hasId = messageId != null && !messageId.isEmpty();
    return switch (identity) {
      case MESSAGE_ID -> hasId ? Optional.of(ofMessageId(queue, messageId)) : Optional.empty();
      case MESSAGE_ID_OR_CONTENT_HASH -> Optional.of(hasId ? ofMessageId(queue, messageId)
          : ofContent(queue, routingKey, body));
      case CONTENT_HASH -> Optional.of(ofContent(queue, routingKey, body));
    };
  }

  static String ofMessageId(String queue, String messageId) {
    return storable(PREFIX + queue + ":id:" + messageId);
  }

  static String ofContent(String queue, String routingKey, byte[] body) {
    MessageDigest digest = sha256();
    digest.update(routingKey.getBytes(StandardCharsets.UTF_8));
    digest.update((byte) 0); // so that routing key "a" and body "bc" differ from "ab" and "c"
    digest.update(body);
    return storable(PREFIX + queue + ":sha256:" + HexFormat.of().formatHex(digest.digest()));
  }

  /** {@code id}, or its hash where the store could not keep it as it is. */
  private static String storable(String id) {
    boolean fits = id.length() <= MAX_LENGTH
        && id.chars().noneMatch(c -> Character.isISOControl(c) || Character.isSurrogate((char) c));
    if (fits) {
      return id;
    }
    return PREFIX + "sha256:"
        + HexFormat.of().formatHex(sha256().digest(id.getBytes(StandardCharsets.UTF_8)));
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("this JVM has no SHA-256, which every Java platform must"
          + " have", e);
    }
  }
}
