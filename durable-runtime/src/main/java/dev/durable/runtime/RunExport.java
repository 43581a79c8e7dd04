package dev.durable.runtime;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Runs exported with every checkpoint a replay reads back: what {@link DurableEngine#export}
 * returns, {@code durable-cli export} writes, and {@code dev.durable.runtime.testing.WorkflowReplayer}
 * replays against the current code before a deploy.
 *
 * <p>As JSON ({@link #writeTo}, {@link #read}) it is a versioned document: {@code {"format":
 * "durable-export", "version": 1, "exportedAt": ..., "runs": [...]}}. The stored texts (a run's
 * input and output, a checkpoint's arguments and result) are kept as strings, exactly as the store
 * holds them, so that a replay compares and decodes what production stored. docs/internals.md
 * describes each field.
 *
 * @param exportedAt when the export was read, by the exporting engine's clock
 * @param runs the runs, in the order asked for (by id) or listed (newest first)
 */
public record RunExport(Instant exportedAt, List<Run> runs) {
  /** The value of the document's {@code format} field. */
  public static final String FORMAT = "durable-export";
  /** The version of the document this runtime writes and reads. */
  public static final int VERSION = 1;

  private static final ObjectMapper JSON = EngineConfig.defaultObjectMapper()
      .enable(SerializationFeature.INDENT_OUTPUT)
      .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  public RunExport {
    Objects.requireNonNull(exportedAt, "exportedAt");
    runs = List.copyOf(runs);
  }

  /**
   * One run as stored.
   *
   * @param id its run id
   * @param workflow its workflow's name
   * @param version its workflow's version
   * @param status its status when exported
   * @param parentId the run that started it as a child, if one did
   * @param fingerprint the fingerprint of the step graph it started with, if its class had one
   * @param createdAt when it was started
   * @param updatedAt when it last changed
   * @param input its {@code @Run} method's arguments, as stored (a JSON array)
   * @param output its result, as stored (JSON), if it completed
   * @param error its error, if it failed
   * @param checkpoints every checkpoint, in order of position
   * @param events its history, oldest first: for people reading the export; a replay ignores it
   */
  public record Run(
      String id,
      String workflow,
      String version,
      RunState status,
      Optional<String> parentId,
      Optional<String> fingerprint,
      Instant createdAt,
      Instant updatedAt,
      String input,
      Optional<String> output,
      Optional<RunError> error,
      List<Checkpoint> checkpoints,
      List<HistoryEvent> events) {
    public Run {
      Objects.requireNonNull(id, "id");
      Objects.requireNonNull(workflow, "workflow");
      Objects.requireNonNull(version, "version");
      Objects.requireNonNull(status, "status");
      Objects.requireNonNull(input, "input");
      parentId = orEmpty(parentId);
      fingerprint = orEmpty(fingerprint);
      output = orEmpty(output);
      error = orEmpty(error);
      checkpoints = checkpoints == null ? List.of() : List.copyOf(checkpoints);
      events = events == null ? List.of() : List.copyOf(events);
    }

    /**
     * This run as a run of workflow {@code workflow} version {@code version}: to replay the runs of
     * one version against the class of another (would version 2 take up version 1's runs?).
     */
    public Run asWorkflow(String workflow, String version) {
      return new Run(id, workflow, version, status, parentId, fingerprint, createdAt, updatedAt,
          input, output, error, checkpoints, events);
    }
  }

  /**
   * One checkpoint of a run, as stored.
   *
   * @param position its position in the run: the order of the calls of one turn
   * @param kind what it records: {@code STEP} (a step's outcome), {@code REMOTE} (a dispatched
   *     step's), {@code SLEEP} (a timer), {@code VALUE} ({@code ctx.now()}, {@code randomUUID()},
   *     {@code random()}'s seed, a {@code ctx.patched} marker, a compensation plan), {@code SIGNAL}
   *     (a signal wait), {@code CHILD} (a child run's start), {@code AWAIT} (a wait for a child)
   * @param name the step's, signal's or child workflow's name, or the value's
   * @param status where it stands
   * @param attempts the attempts made, for a step
   * @param input the step's arguments as stored (a JSON array), when it stores them
   * @param output its result as stored: JSON for a step, a signal or a child, text for a value
   * @param error its error, if it failed
   * @param wakeAt when a timer, a backoff or a wait ends, if it has an end
   * @param startedAt when it started
   * @param updatedAt when it last changed
   * @param group for a branch of a fan or group, the position of the first branch
   */
  public record Checkpoint(
      int position,
      String kind,
      String name,
      StepState status,
      int attempts,
      Optional<String> input,
      Optional<String> output,
      Optional<RunError> error,
      Optional<Instant> wakeAt,
      Optional<Instant> startedAt,
      Optional<Instant> updatedAt,
      Optional<Integer> group) {
    public Checkpoint {
      Objects.requireNonNull(kind, "kind");
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(status, "status");
      input = orEmpty(input);
      output = orEmpty(output);
      error = orEmpty(error);
      wakeAt = orEmpty(wakeAt);
      startedAt = orEmpty(startedAt);
      updatedAt = orEmpty(updatedAt);
      group = orEmpty(group);
    }
  }

  /** The document as written: the export with its format and version. */
  private record Document(String format, Integer version, Instant exportedAt, List<Run> runs) {}

  /** Writes this export as a JSON document to {@code out}, in UTF-8; {@code out} stays open. */
  public void writeTo(OutputStream out) {
    write(writer -> {
      writer.writeValue(out, document());
      out.flush();
    });
  }

  /** Writes this export as a JSON document to {@code out}, which stays open. */
  public void writeTo(Writer out) {
    write(writer -> {
      writer.writeValue(out, document());
      out.flush();
    });
  }

  private interface Write {
    void to(ObjectWriter writer) throws IOException;
  }

  private static void write(Write write) {
    try {
      write.to(JSON.writer().without(JsonGenerator.Feature.AUTO_CLOSE_TARGET));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the export: " + e.getMessage(), e);
    }
  }

  private Document document() {
    return new Document(FORMAT, VERSION, exportedAt, runs);
  }

  /**
   * Reads an export written by {@link #writeTo} (or {@code durable-cli export}).
   *
   * @throws IllegalArgumentException if the text is not a durable export of a version this runtime
   *     reads, saying what is wrong
   * @throws UncheckedIOException if the stream cannot be read
   */
  public static RunExport read(InputStream in) {
    Document document;
    try {
      document = JSON.readValue(in, Document.class);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(
          "not a durable export: " + e.getOriginalMessage() + " (at line "
              + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr()
              + "); write one with durable-cli export or DurableEngine.export",
          e);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the export: " + e.getMessage(), e);
    }
    if (document == null || !FORMAT.equals(document.format())) {
      throw new IllegalArgumentException("not a durable export: its \"format\" is "
          + (document == null ? "missing" : quoted(document.format())) + ", not \"" + FORMAT
          + "\"; write one with durable-cli export or DurableEngine.export");
    }
    if (document.version() == null || document.version() != VERSION) {
      throw new IllegalArgumentException("a durable export of version " + document.version()
          + ", but this runtime reads version " + VERSION + ": export again with the"
          + " durable-cli of this release");
    }
    if (document.exportedAt() == null || document.runs() == null) {
      throw new IllegalArgumentException("a durable export without "
          + (document.runs() == null ? "\"runs\"" : "\"exportedAt\"")
          + ": the file was cut or edited; export again");
    }
    return new RunExport(document.exportedAt(), document.runs());
  }

  /** {@link #read(InputStream)} of the file at {@code path}. */
  public static RunExport read(Path path) {
    try (InputStream in = Files.newInputStream(path)) {
      return read(in);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the export " + path + ": " + e.getMessage(), e);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(path + ": " + e.getMessage(), e);
    }
  }

  private static String quoted(String text) {
    return text == null ? "missing" : "\"" + text + "\"";
  }

  @SuppressWarnings("OptionalAssignedToNull")
  private static <T> Optional<T> orEmpty(Optional<T> value) {
    return value == null ? Optional.empty() : value;
  }
}
