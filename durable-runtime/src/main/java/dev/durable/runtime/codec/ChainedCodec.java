package dev.durable.runtime.codec;

import java.util.List;

/** Codecs applied in order on encode and in reverse on decode ({@link PayloadCodecs#chain}). */
final class ChainedCodec implements PayloadCodec {
  private final List<PayloadCodec> codecs;

  ChainedCodec(List<PayloadCodec> codecs) {
    this.codecs = codecs;
  }

  @Override
  public byte[] encode(byte[] payload) {
    byte[] bytes = payload;
    for (PayloadCodec codec : codecs) {
      bytes = codec.encode(bytes);
      if (bytes == null) {
        throw new PayloadException("payload codec " + codec + " returned null on encode; a codec"
            + " returns the bytes to store or throws", null, false);
      }
    }
    return bytes;
  }

  @Override
  public byte[] decode(byte[] stored) {
    byte[] bytes = stored;
    for (int i = codecs.size() - 1; i >= 0; i--) {
      bytes = codecs.get(i).decode(bytes);
      if (bytes == null) {
        throw new PayloadException("payload codec " + codecs.get(i) + " returned null on decode;"
            + " a codec returns the payload or throws", null, false);
      }
    }
    return bytes;
  }

  /**
   * The names of the codecs before the last, then what the last (which wrote the stored bytes)
   * says of them: {@code gzip+aes-gcm, key k2}.
   */
  @Override
  public String describe(byte[] stored) {
    StringBuilder names = new StringBuilder();
    for (PayloadCodec codec : codecs.subList(0, codecs.size() - 1)) {
      String described = codec.describe(new byte[0]);
      int comma = described.indexOf(',');
      names.append(comma < 0 ? described : described.substring(0, comma)).append('+');
    }
    return names.append(codecs.get(codecs.size() - 1).describe(stored)).toString();
  }
}
