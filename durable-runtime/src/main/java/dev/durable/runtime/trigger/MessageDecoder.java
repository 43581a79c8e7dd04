package dev.durable.runtime.trigger;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.durable.runtime.EngineConfig;
import java.util.Objects;

/**
 * Turns a message's body into the run's input. A message it throws for is one that can never
 * start a run (a poison message): the trigger dead-letters it, or sets it aside, with the
 * exception's message as the reason, and goes on with the next.
 *
 * @param <T> the run's input
 */
@FunctionalInterface
public interface MessageDecoder<T> {
  /** The input the message with this body starts a run with; not null. */
  T decode(byte[] body) throws Exception;

  /**
   * A decoder of JSON bodies into {@code type}, with the settings of the engine's default mapper
   * ({@link EngineConfig#defaultObjectMapper()}: strict types, unknown properties ignored).
   */
  static <T> MessageDecoder<T> json(Class<T> type) {
    return json(EngineConfig.defaultObjectMapper(), type);
  }

  /** A decoder of JSON bodies into {@code type} with {@code mapper}. */
  static <T> MessageDecoder<T> json(ObjectMapper mapper, Class<T> type) {
    Objects.requireNonNull(mapper, "mapper");
    Objects.requireNonNull(type, "type");
    return body -> mapper.readValue(body, type);
  }
}
