package dev.durable.runtime.internal.signal;

import dev.durable.runtime.internal.store.signal.SignalQueue;
import dev.durable.runtime.internal.time.Time;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Signal tokens ({@code ctx.signalToken}): made and verified with a secret every engine of the
 * store reads from it ({@code SignalQueue#tokenSecret}), so that any engine, and {@code durable-cli
 * callbacks}, verifies a token another made. A token is URL-safe base64 of {@code [1: version][8:
 * expiry, epoch milliseconds, 0 for none][4: its position in the run][16: random id][2: n][n: run
 * id, UTF-8][2: m][m: signal, UTF-8]} followed by the first 16 bytes of HMAC-SHA256 of all of it:
 * whoever holds it can send that signal to that run, and no one can make or alter one without the
 * secret.
 */
public final class SignalTokens {
  private static final byte VERSION = 1;
  private static final int ID_BYTES = 16;
  private static final int MAC_BYTES = 16;
  private static final int SECRET_BYTES = 32;
  private static final SecureRandom RANDOM = new SecureRandom();

  private final SignalQueue store;
  private final Time time;
  private volatile SecretKeySpec key;

  /**
   * What a verified token says.
   *
   * @param tokenId its random id, which marks it used
   * @param position where the run recorded it: the wait it is for is the next of its signal
   * @param expiresAt when it expires; null for never (it still ends with its run)
   */
  public record Claims(
      String tokenId, String runId, String signal, int position, Instant expiresAt) {}

  public SignalTokens(SignalQueue store, Time time) {
    this.store = store;
    this.time = time;
  }

  /**
   * A new token for signal {@code signal} of run {@code runId}, recorded at {@code position},
   * expiring at {@code expiresAt}.
   */
  public String mint(String runId, String signal, int position, Instant expiresAt) {
    byte[] run = runId.getBytes(StandardCharsets.UTF_8);
    byte[] name = signal.getBytes(StandardCharsets.UTF_8);
    byte[] id = new byte[ID_BYTES];
    RANDOM.nextBytes(id);
    ByteBuffer body =
        ByteBuffer.allocate(1 + 8 + 4 + ID_BYTES + 2 + run.length + 2 + name.length);
    body.put(VERSION).putLong(expiresAt == null ? 0 : expiresAt.toEpochMilli()).putInt(position)
        .put(id)
        .putShort((short) run.length).put(run).putShort((short) name.length).put(name);
    byte[] signed = body.array();
    byte[] token = Arrays.copyOf(signed, signed.length + MAC_BYTES);
    System.arraycopy(mac(signed, signed.length), 0, token, signed.length, MAC_BYTES);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(token);
  }

  /**
   * What {@code token} says, if an engine of this store made it.
   *
   * @throws IllegalArgumentException if it was not (forged, altered, cut short, not a token)
   */
  public Claims verify(String token) {
    byte[] bytes;
    try {
      bytes = Base64.getUrlDecoder().decode(token);
    } catch (IllegalArgumentException | NullPointerException e) {
      throw unknown();
    }
    int signed = bytes.length - MAC_BYTES;
    if (signed < 1 + 8 + 4 + ID_BYTES + 4 || bytes[0] != VERSION
        || !MessageDigest.isEqual(Arrays.copyOfRange(mac(bytes, signed), 0, MAC_BYTES),
            Arrays.copyOfRange(bytes, signed, bytes.length))) {
      throw unknown();
    }
    try {
      ByteBuffer body = ByteBuffer.wrap(bytes, 1, signed - 1);
      long expires = body.getLong();
      int position = body.getInt();
      byte[] id = new byte[ID_BYTES];
      body.get(id);
      String runId = text(body);
      String signal = text(body);
      return new Claims(HexFormat.of().formatHex(id), runId, signal, position,
          expires == 0 ? null : Instant.ofEpochMilli(expires));
    } catch (RuntimeException e) { // a signed body this version cannot read
      throw unknown();
    }
  }

  private static String text(ByteBuffer body) {
    byte[] text = new byte[body.getShort() & 0xffff];
    body.get(text);
    return new String(text, StandardCharsets.UTF_8);
  }

  private byte[] mac(byte[] bytes, int length) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(key());
      mac.update(bytes, 0, length);
      return mac.doFinal();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is missing from this JDK", e);
    }
  }

  /** The store's secret, read once: made by the first engine that needs one. */
  private SecretKeySpec key() {
    SecretKeySpec known = key;
    if (known == null) {
      byte[] proposed = new byte[SECRET_BYTES];
      RANDOM.nextBytes(proposed);
      String secret = store.tokenSecret(Base64.getEncoder().encodeToString(proposed), time.now());
      known = new SecretKeySpec(Base64.getDecoder().decode(secret), "HmacSHA256");
      key = known;
    }
    return known;
  }

  /** The answer to a token that is not one: also to one whose run is gone. */
  static IllegalArgumentException unknown() {
    return new IllegalArgumentException("not a signal token of this store, or an altered one:"
        + " nothing was sent");
  }
}
