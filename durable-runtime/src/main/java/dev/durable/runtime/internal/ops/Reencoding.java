package dev.durable.runtime.internal.ops;

import dev.durable.runtime.PayloadReencoding;
import dev.durable.runtime.codec.PayloadCodecException;
import dev.durable.runtime.codec.StoredForm;
import dev.durable.runtime.internal.store.ops.StoredPayloads;
import dev.durable.runtime.internal.store.sql.PayloadColumn;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Encodes stored texts that a codec encoded anew with the engine's payload codec under its current
 * key (plain ones stay plain: see {@code StoredPayloads#page}): each column
 * walked in the order of its key, a page of rows at a time, each text decoded (with any key the
 * codec holds) and encoded again, and stored only if its row still holds the text read. Runs go
 * on meanwhile: a turn writes under the current key already, and a text it changed is left as it
 * wrote it.
 */
public final class Reencoding {
  private static final Logger LOG = LoggerFactory.getLogger(Reencoding.class);

  private final StoredPayloads payloads;
  private final StoredForm form;

  public Reencoding(StoredPayloads payloads, StoredForm form) {
    this.payloads = payloads;
    this.form = form;
  }

  /** See {@link dev.durable.runtime.DurableEngine#payloadEncodings()}. */
  public Map<String, Long> encodings() {
    return payloads.encodings();
  }

  /** See {@link dev.durable.runtime.DurableEngine#reencodePayloads(int)}. */
  public PayloadReencoding reencode(int batchSize) {
    if (batchSize < 1) {
      throw new IllegalArgumentException("batchSize must be at least 1, not " + batchSize);
    }
    if (!form.encodes()) {
      throw new IllegalStateException("this engine has no payload codec to encode with: build it"
          + " with payloadCodec(...) holding the keys, the new one current");
    }
    // every text this form writes begins so: the codec's label, under the current key
    String current = "~" + StoredForm.label(form.seal("null")).orElseThrow() + "~";
    long reencoded = 0;
    long changed = 0;
    Map<String, Long> unreadable = new TreeMap<>();
    for (PayloadColumn column : payloads.columns()) {
      List<Object> after = null;
      for (List<StoredPayloads.Stored> page = payloads.page(column, null, current, batchSize);
          !page.isEmpty(); page = payloads.page(column, after, current, batchSize)) {
        for (StoredPayloads.Stored stored : page) {
          String replacement;
          try {
            replacement = form.seal(form.open(stored.text()));
          } catch (PayloadCodecException e) {
            unreadable.merge(
                StoredForm.label(stored.text()).orElse(StoredPayloads.PLAIN), 1L, Long::sum);
            continue;
          }
          if (payloads.replace(stored, replacement)) {
            reencoded++;
          } else {
            changed++;
          }
        }
        after = page.get(page.size() - 1).key();
      }
    }
    PayloadReencoding done =
        new PayloadReencoding(reencoded, changed, unreadable, payloads.encodings());
    LOG.info("re-encoded {} stored payload(s) ({} changed meanwhile, unreadable: {}); stored"
        + " now: {}", reencoded, changed, unreadable, done.encodings());
    return done;
  }
}
