package dev.durable.cli;

import dev.durable.runtime.codec.PayloadCodec;
import dev.durable.runtime.codec.PayloadCodecs;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * The payload codec durable-cli reads and writes payloads with, as the engines' is configured: the
 * built-in AES-GCM codec with the keys of a PKCS12 key store (its password from the environment
 * alone, never printed), optionally after gzip; or a codec class of the user's own. Without either
 * an encoded payload is shown by its label, never decoded.
 */
final class PayloadCodecOptions {
  private PayloadCodecOptions() {}

  /**
   * The codec the options and the environment describe, if any.
   *
   * @param needsCurrent whether the codec encodes (reencode): the current key must be named then
   * @throws IllegalArgumentException saying what is missing or wrong (no password, a key store
   *     that does not read, a current key not in it, a class that is not a codec)
   */
  static Optional<PayloadCodec> codec(DurableCli cli, ConnectionOptions command,
      Map<String, String> environment, boolean needsCurrent) {
    String codecClass = cli.setting(command.codecClass, cli.connection.codecClass,
        ConnectionOptions.CODEC_CLASS_VARIABLE);
    if (codecClass != null) {
      return Optional.of(instance(codecClass));
    }
    String keyStore = cli.setting(command.keyStore, cli.connection.keyStore,
        ConnectionOptions.KEY_STORE_VARIABLE);
    if (keyStore == null) {
      return Optional.empty();
    }
    String password = environment.get(ConnectionOptions.KEY_STORE_PASSWORD_VARIABLE);
    if (password == null) {
      throw new IllegalArgumentException("the key store " + keyStore + " needs its password in $"
          + ConnectionOptions.KEY_STORE_PASSWORD_VARIABLE + " (never on the command line)");
    }
    Map<String, javax.crypto.SecretKey> keys =
        PayloadCodecs.keys(Path.of(keyStore), password.toCharArray());
    String current = cli.setting(command.currentKey, cli.connection.currentKey,
        ConnectionOptions.CURRENT_KEY_VARIABLE);
    if (current == null) {
      if (needsCurrent) {
        throw new IllegalArgumentException("name the key to encode under: --current-key <alias>"
            + " or $" + ConnectionOptions.CURRENT_KEY_VARIABLE + ", one of " + keys.keySet());
      }
      current = keys.keySet().iterator().next(); // reading only: every key decodes
    }
    PayloadCodec aes = PayloadCodecs.aesGcm(keys, current);
    Integer gzip = command.gzipMinBytes != null ? command.gzipMinBytes
        : cli.connection.gzipMinBytes != null ? cli.connection.gzipMinBytes
        : Optional.ofNullable(environment.get(ConnectionOptions.GZIP_VARIABLE))
            .filter(v -> !v.isBlank()).map(Integer::valueOf).orElse(null);
    return Optional.of(gzip == null ? aes : PayloadCodecs.chain(PayloadCodecs.gzip(gzip), aes));
  }

  private static PayloadCodec instance(String name) {
    Object codec;
    try {
      codec = Class.forName(name).getConstructor().newInstance();
    } catch (ReflectiveOperationException | LinkageError e) {
      throw new IllegalArgumentException("cannot make the codec class " + name + " ("
          + e.getClass().getSimpleName() + ": " + e.getMessage() + "): put it on the classpath"
          + " with a public constructor of no argument", e);
    }
    if (codec instanceof PayloadCodec payloadCodec) {
      return payloadCodec;
    }
    throw new IllegalArgumentException(name + " is not a " + PayloadCodec.class.getName());
  }
}
