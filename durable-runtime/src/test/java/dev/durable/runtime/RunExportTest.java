package dev.durable.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** An export reads back as written, stored texts unchanged; what is not an export is refused. */
class RunExportTest {
  private static final Instant AT = Instant.parse("2026-12-01T10:00:00.123456Z");

  private static RunExport export() {
    RunExport.Checkpoint quote = new RunExport.Checkpoint(0, "STEP", "quote", StepState.COMPLETED,
        2, Optional.of("[{\"sku\":\"pen\",\"cents\":1.50}]"), Optional.of("{\"total\":1.50}"),
        Optional.empty(), Optional.empty(), Optional.of(AT), Optional.of(AT), Optional.empty());
    RunExport.Checkpoint now = new RunExport.Checkpoint(1, "VALUE", "now", StepState.COMPLETED,
        0, Optional.empty(), Optional.of("2026-12-01T10:00:00Z"), Optional.empty(),
        Optional.empty(), Optional.of(AT), Optional.of(AT), Optional.of(0));
    RunExport.Run run = new RunExport.Run("r-1", "order", "2", RunState.FAILED, Optional.of("p"),
        Optional.of("aa bb"), AT, AT, "[\"pen\"]", Optional.empty(),
        Optional.of(new RunError("declined", "declined", "x.FatalError", Optional.of("charge"))),
        List.of(quote, now),
        List.of(new HistoryEvent(7, "r-1", AT, "run.failed", Optional.empty(), 0, "declined")));
    return new RunExport(AT, List.of(run));
  }

  private static RunExport read(String json) {
    return RunExport.read(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void anExportReadsBackAsWrittenItsStoredTextsUnchanged() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    export().writeTo(bytes);
    StringWriter text = new StringWriter();
    export().writeTo(text);

    assertEquals(export(), RunExport.read(new ByteArrayInputStream(bytes.toByteArray())));
    assertEquals(bytes.toString(StandardCharsets.UTF_8), text.toString());
    assertEquals("[{\"sku\":\"pen\",\"cents\":1.50}]",
        read(text.toString()).runs().get(0).checkpoints().get(0).input().orElseThrow(),
        "digits are kept as stored");
  }

  @Test
  void whatIsNotAnExportIsRefusedSayingWhat() {
    assertTrue(assertThrows(IllegalArgumentException.class, () -> read("[1, 2]")).getMessage()
        .startsWith("not a durable export: "));
    assertTrue(assertThrows(IllegalArgumentException.class,
        () -> read("{\"format\": \"durable-export\", \"version\": 1, \"exportedAt\":"
            + " \"2026-12-01T10:00:00Z\", \"runs\": [], \"extra\": 1}")).getMessage()
        .contains("\"extra\""));
    assertTrue(assertThrows(IllegalArgumentException.class,
        () -> read("{\"format\": \"durable-export\", \"version\": 1}")).getMessage()
        .contains("a durable export without \"runs\": the file was cut or edited"));
  }
}
