package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.DurableWorker;
import dev.durable.runtime.HistoryEvent;
import dev.durable.runtime.PayloadReencoding;
import dev.durable.runtime.RunError;
import dev.durable.runtime.RunExport;
import dev.durable.runtime.RunFilter;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunInfo;
import dev.durable.runtime.RunState;
import dev.durable.runtime.StepState;
import dev.durable.runtime.codec.PayloadCodec;
import dev.durable.runtime.codec.PayloadCodecs;
import dev.durable.runtime.codec.PayloadException;
import dev.durable.runtime.testing.WorkflowReplayer;
import dev.durable.tests.support.Await;
import dev.durable.tests.support.TestDatabase;
import dev.durable.tests.workflows.SecretStepsDispatch;
import dev.durable.tests.workflows.SecretStepsWorker;
import dev.durable.tests.workflows.SecretWorkflowClient;
import dev.durable.tests.workflows.SecretWorkflowDurable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/**
 * Payloads stored through a payload codec (docs/guide, "Protecting payloads"): with the built-in
 * AES-GCM codec on, nothing a run carries is readable in any column of the store; a payload
 * stored before the codec was on still reads; a run whose payload this engine cannot decode is
 * set aside with the reason, not failed, and goes on once an engine with the key takes it.
 */
class PayloadCodecTest extends OnEachStore {
  private static final String MARKER = "MARKER-7f3a9c";
  private static final SecretKey K1 = key(1);
  private static final SecretKey K2 = key(2);

  private static SecretKey key(int seed) {
    byte[] bytes = new byte[32];
    for (int i = 0; i < bytes.length; i++) {
      bytes[i] = (byte) (seed * 31 + i);
    }
    return new SecretKeySpec(bytes, "AES");
  }

  /** Compression and encryption under {@code current}, with every key of {@code keys} readable. */
  private static PayloadCodec codec(Map<String, SecretKey> keys, String current) {
    return PayloadCodecs.chain(PayloadCodecs.gzip(64), PayloadCodecs.aesGcm(keys, current));
  }

  private static PayloadCodec k1() {
    return codec(Map.of("k1", K1), "k1");
  }

  private static PayloadCodec k1AndK2() {
    return codec(Map.of("k1", K1, "k2", K2), "k2");
  }

  private DurableEngine.Builder engine(PayloadCodec codec) {
    DurableEngine.Builder builder = db.engine().pollInterval(Duration.ofMillis(50))
        .register(new SecretWorkflowDurable(new SecretStepsDispatch()));
    return codec == null ? builder : builder.payloadCodec(codec);
  }

  /** An engine that registers no workflow: it stores runs and executes none. */
  private DurableEngine.Builder starter(PayloadCodec codec) {
    DurableEngine.Builder builder = db.engine();
    return codec == null ? builder : builder.payloadCodec(codec);
  }

  private DurableWorker worker(PayloadCodec codec) {
    DurableWorker.Builder builder = db.worker().pollInterval(Duration.ofMillis(50))
        .serve(SecretStepsWorker.of(secret -> "remote:" + secret));
    DurableWorker worker = (codec == null ? builder : builder.payloadCodec(codec)).build();
    worker.start();
    return worker;
  }

  private static DurableEngine started(DurableEngine engine) {
    engine.start();
    return engine;
  }

  /** Drives a run of the secret workflow to its end: it waits for its signal, which is sent. */
  private String complete(DurableEngine engine, RunHandle<String> run) {
    awaitSignalWait(run);
    SecretWorkflowClient.of(engine).reply(run.id(), "reply:" + MARKER);
    return run.await(WAIT);
  }

  private static String expected() {
    return String.join("|", "local:" + MARKER, "flaky:" + MARKER, "remote:" + MARKER,
        "reply:" + MARKER, "done:" + MARKER);
  }

  @Test
  void withTheCodecOnNoColumnOfTheStoreHoldsWhatARunCarried() {
    RunHandle<String> run;
    try (DurableWorker worker = worker(k1AndK2());
        DurableEngine engine = started(engine(k1AndK2()).build())) {
      run = SecretWorkflowClient.of(engine).start(MARKER);
      assertEquals(expected(), complete(engine, run));

      // what the engine gives back is decoded: values, the status, the history, a stream
      assertEquals(Optional.of("event:" + MARKER),
          run.getEvent("event", String.class, Duration.ZERO));
      try (Stream<String> items = run.readStream("stream", String.class)) {
        assertEquals(List.of("stream:" + MARKER), items.toList());
      }
      assertTrue(run.status().input().contains(MARKER), run.status().input());
      assertTrue(engine.history(run.id()).stream().map(HistoryEvent::detail)
          .anyMatch(detail -> detail != null && detail.contains("first attempt refused " + MARKER)),
          "the history reads decoded: " + engine.history(run.id()));

      // an export carries the payloads as stored: encoded
      RunExport export = engine.export(List.of(run.id()));
      assertTrue(!export.toString().contains(MARKER), "the export holds no plain payload");
      // and the replayer, given the codec, reads it
      assertEquals(List.of(run.id()),
          WorkflowReplayer.of(new SecretWorkflowDurable(new SecretStepsDispatch()))
              .payloadCodec(k1AndK2()).replay(export).replayed());
    }
    List<String> found = columnsHolding(MARKER);
    assertEquals(List.of(), found, "columns of the store holding the marker");
    assertTrue(!db.query("SELECT input FROM durable_runs").isEmpty());
    String stored = (String) db.query("SELECT input FROM durable_runs").get(0).get(0);
    assertTrue(stored.startsWith("~gzip+aes-gcm, key k2~"), stored);
  }

  /** Waits until the run waits for its signal, every step before it done. */
  private static void awaitSignalWait(RunHandle<String> run) {
    Await.until("run " + run.id() + " waits for its signal", WAIT,
        () -> run.status().run().status() == RunState.SLEEPING
            && run.status().steps().size() >= 3
            && run.status().steps().stream().allMatch(s -> s.status() == StepState.COMPLETED));
  }

  @Test
  void keysRotateWhileRunsGoOnAndReencodingLetsTheOldKeyBeDropped() {
    List<RunHandle<String>> underK1 = new ArrayList<>();
    try (DurableWorker worker = worker(k1());
        DurableEngine engine = started(engine(k1()).build())) {
      for (int i = 0; i < 4; i++) {
        underK1.add(SecretWorkflowClient.of(engine).start(MARKER));
      }
      underK1.forEach(PayloadCodecTest::awaitSignalWait);
    }
    PayloadCodec k2Only = codec(Map.of("k2", K2), "k2");
    String underK2;
    try (DurableWorker worker = worker(k1AndK2());
        DurableEngine engine = started(engine(k1AndK2()).build())) {
      // runs started under k1 go on under k2, the two keys side by side in the store
      for (RunHandle<String> run : underK1.subList(0, 2)) {
        SecretWorkflowClient.of(engine).reply(run.id(), "reply:" + MARKER);
        assertEquals(expected(), SecretWorkflowClient.of(engine).get(run.id()).await(WAIT));
      }
      RunHandle<String> started = SecretWorkflowClient.of(engine).start(MARKER);
      awaitSignalWait(started);
      underK2 = started.id();
      Map<String, Long> before = engine.payloadEncodings();
      assertTrue(before.containsKey("gzip+aes-gcm, key k1"), before.toString());
      assertTrue(before.containsKey("gzip+aes-gcm, key k2"), before.toString());

      // re-encoded while the engine runs: nothing is left under k1
      PayloadReencoding done = engine.reencodePayloads(3);
      assertEquals(Map.of(), done.unreadable());
      assertTrue(done.reencoded() >= before.get("gzip+aes-gcm, key k1"), done.toString());
      assertEquals(List.of("gzip+aes-gcm, key k2"), done.encodings().keySet().stream()
          .filter(label -> !label.equals("plain")).toList(), "only k2 is left: " + done);
      assertEquals(done.encodings(), engine.payloadEncodings());
    }
    // k1 dropped: an engine with k2 alone completes the old runs and the new one, and a run more
    try (DurableWorker worker = worker(k2Only);
        DurableEngine engine = started(engine(k2Only).build())) {
      List<String> waiting = new ArrayList<>(
          underK1.subList(2, 4).stream().map(RunHandle::id).toList());
      waiting.add(underK2);
      for (String id : waiting) {
        SecretWorkflowClient.of(engine).reply(id, "reply:" + MARKER);
        assertEquals(expected(), SecretWorkflowClient.of(engine).get(id).await(WAIT));
      }
      assertEquals(expected(), complete(engine, SecretWorkflowClient.of(engine).start(MARKER)));
      assertEquals(List.of(), engine.listRuns(RunFilter.builder().build()).stream()
          .filter(run -> run.error().isPresent()).map(RunInfo::id).toList(), "none set aside");
    }
  }

  @Test
  void withTheCodecOffPayloadsAreStoredAsJsonAndReadOnceItIsTurnedOn() {
    String runId;
    try (DurableEngine starter = starter(null).build()) {
      runId = SecretWorkflowClient.of(starter).start(MARKER).id();
    }
    assertEquals(List.of("durable_runs.input"), columnsHolding(MARKER),
        "without a codec the input is its JSON");
    try (DurableWorker worker = worker(k1());
        DurableEngine engine = started(engine(k1()).build())) {
      assertEquals(expected(), complete(engine, SecretWorkflowClient.of(engine).get(runId)));
    }
  }

  @Test
  void aRunThisEngineCannotDecodeIsSetAsideAndGoesOnWithAnEngineThatHasTheKey() {
    String runId;
    try (DurableEngine starter = starter(k1()).build()) {
      runId = SecretWorkflowClient.of(starter).start(MARKER).id();
    }
    try (DurableEngine lacking =
        started(engine(codec(Map.of("k2", K2), "k2")).build())) {
      RunInfo info = Await.value("the run set aside", () -> {
        RunInfo now = lacking.getRunStatus(runId).run();
        return now.error().isPresent() ? now : null;
      });
      assertEquals(RunState.SLEEPING, info.status(), "set aside, not failed");
      RunError reason = info.error().orElseThrow();
      assertEquals("payload_codec", reason.code());
      assertTrue(reason.message().contains("run " + runId), reason.message());
      assertTrue(reason.message().contains("its stored input"), reason.message());
      assertTrue(reason.message().contains("key 'k1'"), reason.message());
      assertTrue(lacking.history(runId).stream().anyMatch(e -> e.type().equals("run.set_aside")));
    }
    try (DurableWorker worker = worker(k1AndK2());
        DurableEngine holding = started(engine(k1AndK2()).build())) {
      holding.requeue(runId);
      assertEquals(expected(), complete(holding, SecretWorkflowClient.of(holding).get(runId)));
      assertEquals(Optional.empty(), holding.getRunStatus(runId).run().error(),
          "the reason is cleared once the run goes on");
    }
  }

  @Test
  void aStepThisEngineCannotDecodeSetsTheRunAsideNamingTheStepAndItsPosition() {
    String runId;
    try (DurableEngine starter = starter(null).build()) {
      runId = SecretWorkflowClient.of(starter).start(MARKER).id(); // its input plain
    }
    try (DurableWorker worker = worker(k1());
        DurableEngine engine = started(engine(k1()).build())) {
      awaitSignalWait(SecretWorkflowClient.of(engine).get(runId)); // its steps' results under k1
    }
    PayloadCodec k2Only = codec(Map.of("k2", K2), "k2");
    try (DurableEngine lacking = started(engine(k2Only).build())) {
      SecretWorkflowClient.of(lacking).reply(runId, "reply:" + MARKER);
      RunError reason = Await.value("the run set aside",
          () -> lacking.getRunStatus(runId).run().error().orElse(null));
      assertEquals("payload_codec", reason.code());
      assertTrue(reason.message().startsWith("run " + runId + ": the recorded arguments of step"
          + " 'local' at position 0 cannot be decoded by this engine's payload codec: "),
          reason.message());
      assertTrue(reason.message().contains("key 'k1'"), reason.message());
      assertEquals(RunState.SLEEPING, lacking.getRunStatus(runId).run().status());
    }
  }

  @Test
  void aTamperedPayloadSetsTheRunAsideWithTheKeyAndWhatWasWrong() {
    String runId;
    try (DurableEngine starter = starter(k1()).build()) {
      runId = SecretWorkflowClient.of(starter).start(MARKER).id();
    }
    String stored = (String) db.query("SELECT input FROM durable_runs").get(0).get(0);
    int body = stored.lastIndexOf('~') + 1;
    byte[] bytes = Base64.getDecoder().decode(stored.substring(body));
    bytes[bytes.length - 1] ^= 1; // the tag's last byte
    db.execute("UPDATE durable_runs SET input = '" + stored.substring(0, body)
        + Base64.getEncoder().encodeToString(bytes) + "'");
    try (DurableEngine engine = started(engine(k1()).build())) {
      RunError reason = Await.value("the run set aside",
          () -> engine.getRunStatus(runId).run().error().orElse(null));
      assertEquals("payload_codec", reason.code());
      assertTrue(reason.message().contains("under key 'k1' does not decrypt: it was altered"),
          reason.message());
      assertEquals(RunState.SLEEPING, engine.getRunStatus(runId).run().status());
    }
  }

  @Test
  void aCodecThatThrowsOnEncodeRefusesTheStartAndStoresNothing() {
    PayloadCodec broken = new PayloadCodec() {
      @Override
      public byte[] encode(byte[] payload) {
        throw new IllegalStateException("the key service is down");
      }

      @Override
      public byte[] decode(byte[] stored) {
        return stored;
      }
    };
    try (DurableEngine engine = engine(broken).build()) {
      PayloadException refused = assertThrows(PayloadException.class,
          () -> SecretWorkflowClient.of(engine).start(MARKER));
      assertTrue(refused.getMessage().contains("the payload codec failed to encode a payload"
          + " (IllegalStateException: the key service is down); nothing was stored"),
          refused.getMessage());
    }
    assertEquals(0, db.queryLong("SELECT COUNT(*) FROM durable_runs"));
  }

  /**
   * The columns of Durable's tables (as {@code table.column}) in which some row holds {@code
   * text}: every column of every table, read as text (but Flyway's record of the migrations).
   */
  private List<String> columnsHolding(String text) {
    String schema = kind == TestDatabase.Kind.H2 ? "SCHEMA()" : "current_schema()";
    List<List<Object>> columns = db.query("SELECT LOWER(table_name), LOWER(column_name) FROM"
        + " information_schema.columns WHERE LOWER(table_name) LIKE 'durable%'"
        + " AND LOWER(table_name) <> 'durable_schema_history' AND table_schema = " + schema
        + " ORDER BY 1, 2");
    assertTrue(columns.size() > 50, "read the columns: " + columns.size());
    List<String> holding = new ArrayList<>();
    for (List<Object> column : columns) {
      String table = (String) column.get(0);
      String name = (String) column.get(1);
      long rows = db.queryLong("SELECT COUNT(*) FROM " + table + " WHERE CAST(" + name
          + " AS VARCHAR) LIKE '%" + text + "%'");
      if (rows > 0) {
        holding.add(table + "." + name);
      }
    }
    return holding;
  }
}
