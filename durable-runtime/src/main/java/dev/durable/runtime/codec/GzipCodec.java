package dev.durable.runtime.codec;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * gzip from the JDK ({@link PayloadCodecs#gzip}). A stored payload is one byte, {@link #PLAIN} or
 * {@link #COMPRESSED}, and then the payload as it is or compressed.
 */
final class GzipCodec implements PayloadCodec {
  static final byte PLAIN = 0;
  static final byte COMPRESSED = 1;
  /** How its payloads are named where they are shown. */
  static final String NAME = "gzip";

  private final int minBytes;

  GzipCodec(int minBytes) {
    if (minBytes < 0) {
      throw new IllegalArgumentException("gzip's minBytes is " + minBytes + "; give 0 or more");
    }
    this.minBytes = minBytes;
  }

  @Override
  public byte[] encode(byte[] payload) {
    if (payload.length < minBytes) {
      byte[] stored = new byte[payload.length + 1];
      stored[0] = PLAIN;
      System.arraycopy(payload, 0, stored, 1, payload.length);
      return stored;
    }
    ByteArrayOutputStream stored = new ByteArrayOutputStream(payload.length / 2 + 32);
    stored.write(COMPRESSED);
    try (GZIPOutputStream gzip = new GZIPOutputStream(stored)) {
      gzip.write(payload);
    } catch (IOException e) {
      throw new UncheckedIOException("unreachable: a byte array stream does not fail", e);
    }
    return stored.toByteArray();
  }

  @Override
  public byte[] decode(byte[] stored) {
    if (stored.length == 0) {
      throw new PayloadException("a stored gzip payload is empty: it was altered", null, false);
    }
    if (stored[0] == PLAIN) {
      return Arrays.copyOfRange(stored, 1, stored.length);
    }
    if (stored[0] != COMPRESSED) {
      throw new PayloadException("a stored payload is not one that gzip encoded (it begins with"
          + " byte " + stored[0] + "): it was altered, or encoded by another codec", null, false);
    }
    try (GZIPInputStream gzip =
        new GZIPInputStream(new ByteArrayInputStream(stored, 1, stored.length - 1))) {
      return gzip.readAllBytes();
    } catch (IOException e) {
      throw new PayloadException("a stored gzip payload does not decompress (" + e.getMessage()
          + "): it was altered", e, false);
    }
  }

  @Override
  public String describe(byte[] stored) {
    return NAME;
  }
}
