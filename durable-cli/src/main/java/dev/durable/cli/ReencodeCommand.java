package dev.durable.cli;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.PayloadReencoding;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code reencode}: how the stored payloads are encoded, and, with {@code --yes}, encodes them
 * anew under the current key.
 */
@Command(
    name = "reencode",
    description = {
      "Counts the stored payloads by codec and key; with --yes, encodes them anew under the"
          + " current key.",
      "Payloads, error messages and history details are counted by how they are stored: 'plain"
          + "', or the codec and key that encoded them ('gzip+aes-gcm, key k1'). With --yes"
          + " every encoded one not under the current key is decoded (with any key of the key"
          + " store) and encoded again, a batch at a time, while engines run: after it, a retired"
          + " key can be dropped. What was stored plain stays plain. Needs the engines' codec:"
          + " --key-store (its password in $"
          + ConnectionOptions.KEY_STORE_PASSWORD_VARIABLE + ") and --current-key, or"
          + " --codec-class.",
    })
final class ReencodeCommand extends StoreCommand {
  @Option(names = "--yes", description = "Encode anew; without it, only count")
  boolean yes;

  @Option(
      names = "--batch",
      paramLabel = "<rows>",
      description = "Rows of a table read at a time (default: 500)")
  int batch = 500;

  /** What {@code --json} prints without {@code --yes}. */
  record Encodings(Map<String, Long> encodings) {}

  @Override
  void check() {
    if (batch < 1) {
      throw usage("--batch must be at least 1, not " + batch);
    }
  }

  @Override
  boolean encodes() {
    return yes;
  }

  @Override
  void execute(DurableEngine engine, Printer out) {
    if (!yes) {
      Map<String, Long> encodings = engine.payloadEncodings();
      if (out.json()) {
        out.printJson(new Encodings(encodings));
      } else {
        print(out, encodings);
      }
      return;
    }
    PayloadReencoding done;
    try {
      done = engine.reencodePayloads(batch);
    } catch (IllegalStateException e) {
      throw new Refused(e.getMessage()
          + "; give durable-cli the engines' codec: --key-store and --current-key");
    }
    if (out.json()) {
      out.printJson(done);
      return;
    }
    out.line("re-encoded " + done.reencoded() + " stored payload(s); " + done.changedMeanwhile()
        + " changed by their runs meanwhile (written under the current key)");
    done.unreadable().forEach((label, count) -> out.line("could not decode " + count + " under "
        + label + ": give the key store that key, and run reencode again"));
    print(out, done.encodings());
  }

  private static void print(Printer out, Map<String, Long> encodings) {
    if (encodings.isEmpty()) {
      out.line("no payload stored");
    }
    encodings.forEach((label, count) -> out.line(String.format("%10d  %s", count, label)));
  }
}
