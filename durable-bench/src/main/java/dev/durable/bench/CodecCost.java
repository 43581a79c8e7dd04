package dev.durable.bench;

import static dev.durable.bench.Figures.f0;
import static dev.durable.bench.Figures.f2;

import dev.durable.runtime.codec.PayloadCodec;
import dev.durable.runtime.codec.PayloadCodecs;
import dev.durable.runtime.codec.StoredForm;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.function.Consumer;
import javax.crypto.KeyGenerator;
import javax.crypto.SecretKey;

/**
 * The payload codecs of phase (p) alone, without an engine or a database: AES-GCM's encode and
 * decode, gzip's, and the whole stored form the engine writes with the chain of both ({@link
 * StoredForm#seal} and {@link StoredForm#open}: UTF-8, gzip, AES-GCM, base64 and back), on JSON
 * text of {@link #SIZES} bytes, in microseconds per KiB, and on a value of the few bytes the
 * workflow of (a) and (b) stores ({@link #SMALL}), in microseconds per payload. Where the
 * end-to-end passes of {@link CodecBench} see the codec among a run's database work and the
 * machine's noise, this says what a payload of a given size costs the thread that encodes or
 * decodes it.
 *
 * <p>A loop on one thread, timed with {@link System#nanoTime} and the thread's CPU clock:
 * {@link #WARMUP_ROUNDS} unrecorded rounds over every operation and size first (until the JIT has
 * compiled the ciphers' and the deflater's paths), then {@link #ROUNDS} recorded rounds, each
 * operation and size in turn within a round, so that a drift of the machine touches all alike.
 * Each cell of a round repeats its operation for at least {@link #CELL_NANOS}. The payloads come
 * from a fixed seed, so that gzip sees the same text in every run of the phase.
 */
final class CodecCost {
  static final int ROUNDS = 7;
  static final int WARMUP_ROUNDS = 3;
  /** The least time one operation on one size is repeated for in a round. */
  static final long CELL_NANOS = 150_000_000L;
  /** Calls between two reads of the clock: reading it costs little beside even the fastest. */
  static final int BATCH = 16;
  static final int[] SIZES = {1024, 16 * 1024, 256 * 1024};
  /** A value of the size the workflow of (a) and (b) stores: a step's argument list, say. */
  static final String SMALL = "[1234]";
  /** The key id the payloads are encrypted under. */
  static final String KEY_ID = "k1";
  private static final long SEED = 41;

  /** What is timed: one call of a codec on a prepared input. */
  enum Operation {
    AES_ENCODE("AES-GCM encrypt (encode)"),
    AES_DECODE("AES-GCM decrypt (decode)"),
    GZIP_ENCODE("gzip encode"),
    GZIP_DECODE("gzip decode"),
    SEAL("stored form, gzip + AES-GCM + base64: seal"),
    OPEN("stored form, gzip + AES-GCM + base64: open");

    private final String label;

    Operation(String label) {
      this.label = label;
    }

    String label() {
      return label;
    }
  }

  /**
   * One operation on one size, over the recorded rounds.
   *
   * @param bytes the plain payload's size
   * @param wallPerCall wall time per call, per round, in nanoseconds
   * @param cpuPerCall the calling thread's CPU time per call, per round, in nanoseconds
   */
  record Cell(Operation operation, int bytes, double[] wallPerCall, double[] cpuPerCall) {
    /** {@code perCall} per KiB of the plain payload. */
    double[] perKib(double[] perCall) {
      return Arrays.stream(perCall).map(each -> each / (bytes / 1024.0)).toArray();
    }
  }

  /**
   * What the codecs make of a payload of one size.
   *
   * @param gzipBytes gzip's output, its one byte of form included
   * @param aesBytes AES-GCM's output of the plain payload
   * @param storedChars the stored text of the chain, label and base64
   */
  record Sizes(int bytes, int gzipBytes, int aesBytes, int storedChars) {}

  /**
   * The part's figures.
   *
   * @param storedLabel the label of the stored form's texts, as {@code ~<label>~} shows it
   */
  record Result(List<Cell> cells, List<Sizes> sizes, String storedLabel) {}

  /** The inputs of every operation for one size, prepared once. */
  private record Inputs(
      byte[] json, String text, byte[] aesSealed, byte[] gzipped, String stored) {}

  private static volatile long sink;

  private CodecCost() {}

  /** The key of the phase's codecs: AES, 256 bits, fresh for each run of the phase. */
  static SecretKey newKey() {
    try {
      KeyGenerator generator = KeyGenerator.getInstance("AES");
      generator.init(256);
      return generator.generateKey();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("this JDK has no AES key generator", e);
    }
  }

  /** The phase's codec, as a user would set it up: gzip from 1 KiB, then AES-GCM under one key. */
  static PayloadCodec chain(SecretKey key) {
    return PayloadCodecs.chain(gzip(), aesGcm(key));
  }

  private static PayloadCodec gzip() {
    return PayloadCodecs.gzip(CodecBench.GZIP_MIN_BYTES);
  }

  private static PayloadCodec aesGcm(SecretKey key) {
    return PayloadCodecs.aesGcm(Map.of(KEY_ID, key), KEY_ID);
  }

  static Result run(Consumer<String> progress) {
    SecretKey key = newKey();
    PayloadCodec aes = aesGcm(key);
    PayloadCodec gzip = gzip();
    StoredForm form = StoredForm.of(chain(key));
    Random random = new Random(SEED);
    List<Inputs> inputs = new ArrayList<>();
    List<Sizes> sizes = new ArrayList<>();
    List<String> texts = new ArrayList<>();
    for (int bytes : SIZES) {
      texts.add(json(bytes, random));
    }
    texts.add(SMALL);
    for (String text : texts) {
      byte[] json = text.getBytes(StandardCharsets.UTF_8);
      Inputs in = new Inputs(json, text, aes.encode(json), gzip.encode(json), form.seal(text));
      inputs.add(in);
      sizes.add(new Sizes(json.length, in.gzipped().length, in.aesSealed().length,
          in.stored().length()));
      check(in, aes, gzip, form);
    }
    String stored = inputs.get(0).stored();
    String label = stored.substring(1, stored.indexOf('~', 1));
    List<double[]> wall = new ArrayList<>();
    List<double[]> cpu = new ArrayList<>();
    for (int i = 0; i < inputs.size() * Operation.values().length; i++) {
      wall.add(new double[ROUNDS]);
      cpu.add(new double[ROUNDS]);
    }
    progress.accept("(p) the codecs alone: " + WARMUP_ROUNDS + " warm-up rounds, then " + ROUNDS
        + " rounds of each operation on " + sizesText() + " of JSON and on " + SMALL + ", at least "
        + CELL_NANOS / 1_000_000 + " ms each");
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    for (int round = -WARMUP_ROUNDS; round < ROUNDS; round++) {
      int cell = 0;
      for (Inputs in : inputs) {
        for (Operation operation : Operation.values()) {
          long calls = 0;
          long wallFrom = System.nanoTime();
          long cpuFrom = threads.getCurrentThreadCpuTime();
          long elapsed;
          do {
            for (int i = 0; i < BATCH; i++) {
              call(operation, in, aes, gzip, form);
            }
            calls += BATCH;
            elapsed = System.nanoTime() - wallFrom;
          } while (elapsed < CELL_NANOS);
          long cpuNanos = threads.getCurrentThreadCpuTime() - cpuFrom;
          if (round >= 0) {
            wall.get(cell)[round] = elapsed / (double) calls;
            cpu.get(cell)[round] = cpuNanos / (double) calls;
          }
          cell++;
        }
      }
    }
    List<Cell> cells = new ArrayList<>();
    int cell = 0;
    for (Inputs in : inputs) {
      for (Operation operation : Operation.values()) {
        cells.add(new Cell(operation, in.json().length, wall.get(cell), cpu.get(cell)));
        cell++;
      }
    }
    return new Result(cells, sizes, label);
  }

  private static void call(
      Operation operation, Inputs in, PayloadCodec aes, PayloadCodec gzip, StoredForm form) {
    // each result feeds the sink, so that the JIT cannot drop a call whose result is unused
    switch (operation) {
      case AES_ENCODE -> consume(aes.encode(in.json()));
      case AES_DECODE -> consume(aes.decode(in.aesSealed()));
      case GZIP_ENCODE -> consume(gzip.encode(in.json()));
      case GZIP_DECODE -> consume(gzip.decode(in.gzipped()));
      case SEAL -> sink += form.seal(in.text()).length();
      case OPEN -> sink += form.open(in.stored()).length();
      default -> throw new IllegalStateException("unknown operation " + operation);
    }
  }

  private static void consume(byte[] bytes) {
    sink += bytes.length + bytes[bytes.length - 1];
  }

  /** Every operation gives back what was given: a codec that lost bytes would time nothing real. */
  private static void check(Inputs in, PayloadCodec aes, PayloadCodec gzip, StoredForm form) {
    if (!Arrays.equals(aes.decode(in.aesSealed()), in.json())
        || !Arrays.equals(gzip.decode(in.gzipped()), in.json())
        || !form.open(in.stored()).equals(in.text())) {
      throw new IllegalStateException("a codec did not give back the payload of "
          + in.json().length + " bytes");
    }
  }

  /**
   * JSON text of exactly {@code bytes} bytes (ASCII): an array of orders such as a workflow passes
   * between steps (ids, a status, line items with numbers, a note of words from a small
   * vocabulary), closed by one object whose string fills the size exactly. Realistic enough for
   * gzip: it neither repeats one record nor is random noise.
   */
  static String json(int bytes, Random random) {
    String[] words = {"order", "paid", "shipped", "customer", "priority", "gift", "wrap",
        "express", "standard", "return", "refund", "warehouse", "north", "south", "east", "west",
        "fragile", "bulk", "discount", "coupon", "loyalty", "member", "new", "repeat", "call",
        "before", "delivery", "leave", "at", "door", "signature", "required", "invoice", "tax",
        "exempt", "business", "residential", "weekend", "morning", "evening"};
    String[] statuses = {"PENDING", "PAID", "SHIPPED", "DELIVERED", "RETURNED"};
    String end = ",{\"pad\":\"\"}]";
    StringBuilder out = new StringBuilder(bytes + 512).append('[');
    while (true) {
      StringBuilder order = new StringBuilder(256);
      order.append(out.length() > 1 ? "," : "")
          .append(String.format(Locale.ROOT, "{\"id\":\"ord-%07d\",\"customer\":\"cus-%05d\","
              + "\"status\":\"%s\",\"items\":[", random.nextInt(10_000_000),
              random.nextInt(100_000), statuses[random.nextInt(statuses.length)]));
      int items = 1 + random.nextInt(4);
      for (int i = 0; i < items; i++) {
        order.append(i == 0 ? "" : ",").append(String.format(Locale.ROOT,
            "{\"sku\":\"SKU-%05d\",\"qty\":%d,\"priceCents\":%d}", random.nextInt(100_000),
            1 + random.nextInt(9), 99 + random.nextInt(50_000)));
      }
      order.append("],\"note\":\"");
      int noteWords = 3 + random.nextInt(10);
      for (int i = 0; i < noteWords; i++) {
        order.append(i == 0 ? "" : " ").append(words[random.nextInt(words.length)]);
      }
      order.append("\"}");
      if (out.length() + order.length() + end.length() > bytes) {
        break;
      }
      out.append(order);
    }
    int fill = bytes - out.length() - end.length() + (out.length() > 1 ? 0 : 1);
    out.append(out.length() > 1 ? ",{\"pad\":\"" : "{\"pad\":\"");
    for (int i = 0; i < fill; i++) {
      out.append((char) ('a' + random.nextInt(26)));
    }
    out.append("\"}]");
    if (out.length() != bytes) {
      throw new IllegalStateException("a payload of " + out.length() + " bytes, not " + bytes);
    }
    return out.toString();
  }

  private static String sizesText() {
    List<String> each = new ArrayList<>();
    for (int bytes : SIZES) {
      each.add(bytes / 1024 + " KiB");
    }
    return String.join(", ", each);
  }

  /** The part's section of a report. */
  static void report(Report report, Result r) {
    report.heading("(p) the payload codecs alone: microseconds per KiB");
    report.lines(
        "Each operation on JSON text of " + sizesText() + " (orders with line items and notes,"
            + " from a fixed seed) and on " + SMALL + ", a value of the size the workflow of (a)"
            + " and (b) stores, in a loop on one thread, no engine, no database: "
            + WARMUP_ROUNDS + " unrecorded rounds, then " + ROUNDS + " rounds, every operation"
            + " and size in turn within a round, each repeated for at least "
            + CELL_NANOS / 1_000_000 + " ms. Per KiB of the plain payload: the median of the"
            + " rounds (their range) of the wall time, and the median of the calling thread's"
            + " CPU time.",
        "AES-GCM: the JDK's AES/GCM/NoPadding under one 256-bit key, a fresh random nonce per"
            + " payload; gzip: gzip(" + CodecBench.GZIP_MIN_BYTES + "), which compresses the"
            + " sizes of 1 KiB and more and copies " + SMALL + " behind its one byte of form; the"
            + " stored form: what the engine stores with the chain on (" + r.storedLabel()
            + "): the text's UTF-8, gzip, AES-GCM, base64 and the label, and back.",
        "Machine: " + Runtime.getRuntime().availableProcessors() + " CPUs, Java "
            + System.getProperty("java.version") + ".");
    List<String> header = new ArrayList<>(List.of("operation"));
    for (int bytes : SIZES) {
      header.add(bytes / 1024 + " KiB: us/KiB wall (range), CPU");
    }
    header.add(SMALL + ": us per payload wall (range), CPU");
    Report.TableBuilder table = report.table(header.toArray(String[]::new));
    for (Operation operation : Operation.values()) {
      List<String> row = new ArrayList<>(List.of(operation.label()));
      for (int bytes : SIZES) {
        Cell cell = cell(r, operation, bytes);
        row.add(figure(cell.perKib(cell.wallPerCall()), cell.perKib(cell.cpuPerCall())));
      }
      Cell small = cell(r, operation, SMALL.length());
      row.add(figure(small.wallPerCall(), small.cpuPerCall()));
      table.row(row.toArray(String[]::new));
    }
    report.lines("What the codecs make of each payload: gzip's output (and its share of the"
        + " plain size), AES-GCM's of the plain payload (its header, key id, nonce and tag"
        + " added), and the stored text of the chain, in characters.");
    Report.TableBuilder sizes = report.table("payload", "gzip", "AES-GCM", "stored text");
    for (Sizes s : r.sizes()) {
      sizes.row(f0(s.bytes()) + " bytes", f0(s.gzipBytes()) + " bytes ("
              + f2((double) s.gzipBytes() / s.bytes()) + ")", f0(s.aesBytes()) + " bytes",
          f0(s.storedChars()) + " chars (" + f2((double) s.storedChars() / s.bytes()) + ")");
    }
    report.lines("The rounds, wall time in us per KiB (per payload for " + SMALL + "):");
    List<String> roundsHeader = new ArrayList<>(List.of("operation", "payload"));
    for (int round = 0; round < ROUNDS; round++) {
      roundsHeader.add(String.valueOf(round + 1));
    }
    Report.TableBuilder rounds = report.table(roundsHeader.toArray(String[]::new));
    for (Cell cell : r.cells()) {
      boolean small = cell.bytes() < 1024;
      List<String> row = new ArrayList<>(List.of(cell.operation().label(),
          small ? cell.bytes() + " bytes" : cell.bytes() / 1024 + " KiB"));
      for (double each : small ? cell.wallPerCall() : cell.perKib(cell.wallPerCall())) {
        row.add(us(each));
      }
      rounds.row(row.toArray(String[]::new));
    }
  }

  private static Cell cell(Result r, Operation operation, int bytes) {
    return r.cells().stream().filter(c -> c.operation() == operation && c.bytes() == bytes)
        .findFirst().orElseThrow();
  }

  /** Wall times' median (range), CPU times' median, nanoseconds as microseconds. */
  private static String figure(double[] wall, double[] cpu) {
    return us(Rounds.median(wall)) + " (" + us(min(wall)) + "-" + us(max(wall)) + "), "
        + us(Rounds.median(cpu));
  }

  /** Nanoseconds as microseconds: three decimals below 1 us, two below 10, one above. */
  private static String us(double nanos) {
    double us = nanos / 1e3;
    return String.format(Locale.ROOT, us < 1 ? "%.3f" : us < 10 ? "%.2f" : "%.1f", us);
  }

  private static double min(double[] values) {
    return Arrays.stream(values).min().orElse(0);
  }

  private static double max(double[] values) {
    return Arrays.stream(values).max().orElse(0);
  }
}
