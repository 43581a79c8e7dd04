package dev.durable.runtime.observe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.build.OnPostgres;
import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.DurableWorker;
import dev.durable.runtime.RunHandle;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import dev.durable.runtime.spi.WorkflowRuns;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code openTelemetry(...)} on the engine and the worker: a span for a run's start, one per turn
 * and one per step attempt, all in one trace, a dispatched step's span recorded by the worker too.
 */
@OnPostgres
class TracingTest {
  private static final Duration WAIT = Duration.ofSeconds(20);
  private static final AttributeKey<String> RUN_ID = AttributeKey.stringKey("durable.run.id");
  private static final AttributeKey<String> WORKFLOW = AttributeKey.stringKey("durable.workflow");
  private static final AttributeKey<String> STEP = AttributeKey.stringKey("durable.step");
  private static final AttributeKey<Long> ATTEMPT = AttributeKey.longKey("durable.step.attempt");

  private final InMemorySpanExporter spans = InMemorySpanExporter.create();
  private final SdkTracerProvider tracerProvider =
      SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(spans)).build();
  private final OpenTelemetrySdk openTelemetry =
      OpenTelemetrySdk.builder().setTracerProvider(tracerProvider).build();

  @AfterEach
  void closeTracing() {
    openTelemetry.close();
  }

  @ParameterizedTest
  @MethodSource("dev.durable.runtime.observe.Database#kinds")
  void aTurnHasASpanAndEachStepAttemptAChildSpan(Database.Kind kind) {
    try (Database db = Database.open(kind);
        DurableEngine engine = db.engine().register(new Workflows.Flaky())
            .openTelemetry(openTelemetry).build()) {
      RunHandle<String> run =
          WorkflowRuns.of(engine, Workflows.Flaky.TYPE).start(new Object[] {});
      engine.tick();
      assertEquals("charged", run.await(WAIT));

      SpanData start = only(named("start flaky"));
      assertEquals(SpanKind.PRODUCER, start.getKind());
      assertEquals(run.id(), start.getAttributes().get(RUN_ID));
      SpanData turn = only(named("turn flaky"));
      assertEquals(start.getTraceId(), turn.getTraceId());
      assertEquals(start.getSpanId(), turn.getParentSpanId());
      assertEquals(run.id(), turn.getAttributes().get(RUN_ID));
      assertEquals("flaky", turn.getAttributes().get(WORKFLOW));
      assertEquals("completed",
          turn.getAttributes().get(AttributeKey.stringKey("durable.run.outcome")));
      assertEquals(StatusCode.UNSET, turn.getStatus().getStatusCode());

      List<SpanData> attempts = named("step charge");
      assertEquals(2, attempts.size());
      for (SpanData attempt : attempts) {
        assertEquals(turn.getTraceId(), attempt.getTraceId());
        assertEquals(turn.getSpanId(), attempt.getParentSpanId());
        assertEquals(run.id(), attempt.getAttributes().get(RUN_ID));
        assertEquals("flaky", attempt.getAttributes().get(WORKFLOW));
        assertEquals("charge", attempt.getAttributes().get(STEP));
      }
      SpanData first = attempts.stream()
          .filter(span -> span.getAttributes().get(ATTEMPT) == 1L).findFirst().orElseThrow();
      SpanData second = attempts.stream()
          .filter(span -> span.getAttributes().get(ATTEMPT) == 2L).findFirst().orElseThrow();
      assertEquals(StatusCode.ERROR, first.getStatus().getStatusCode());
      assertEquals(StatusCode.UNSET, second.getStatus().getStatusCode());
    }
  }

  @ParameterizedTest
  @MethodSource("dev.durable.runtime.observe.Database#kinds")
  void aFailedRunMarksTheSpanOfItsLastTurnAsAnError(Database.Kind kind) {
    try (Database db = Database.open(kind);
        DurableEngine engine = db.engine().register(new Workflows.Doomed())
            .openTelemetry(openTelemetry).build()) {
      RunHandle<String> run =
          WorkflowRuns.of(engine, Workflows.Doomed.TYPE).start(new Object[] {});
      engine.tick();

      String code = run.status().run().error().orElseThrow().code();
      SpanData turn = only(named("turn doomed"));
      assertEquals(StatusCode.ERROR, turn.getStatus().getStatusCode());
      assertEquals(code, turn.getAttributes().get(AttributeKey.stringKey("durable.error.code")));
      SpanData attempt = only(named("step explode"));
      assertEquals(turn.getSpanId(), attempt.getParentSpanId());
      assertEquals(StatusCode.ERROR, attempt.getStatus().getStatusCode());
    }
  }

  @ParameterizedTest
  @MethodSource("dev.durable.runtime.observe.Database#kinds")
  void aDispatchedStepsSpanOnTheWorkerJoinsItsRunsTrace(Database.Kind kind) {
    try (Database db = Database.open(kind);
        DurableEngine engine = db.engine().register(new Workflows.Remote())
            .openTelemetry(openTelemetry).pollInterval(Duration.ofMillis(50)).build();
        DurableWorker worker = DurableWorker.builder().jdbcUrl(db.url())
            .handle("pricing.quote", (task, input) -> "\"42\"")
            .openTelemetry(openTelemetry).build()) {
      engine.start();
      worker.start();
      RunHandle<String> run =
          WorkflowRuns.of(engine, Workflows.Remote.TYPE).start(new Object[] {});
      assertEquals("42", run.await(WAIT));
      Await.until("the worker's span to end", WAIT, () -> !named("step pricing.quote").isEmpty());

      SpanData served = only(named("step pricing.quote"));
      assertEquals(SpanKind.CONSUMER, served.getKind());
      assertEquals(run.id(), served.getAttributes().get(RUN_ID));
      assertEquals("pricing.quote", served.getAttributes().get(STEP));
      assertEquals(1L, served.getAttributes().get(ATTEMPT));
      SpanData start = only(named("start remote"));
      assertEquals(start.getTraceId(), served.getTraceId());
      List<SpanData> turns = named("turn remote");
      // one turn queued the task; it waited for the result, or a later one took it
      assertTrue(!turns.isEmpty(), spans.getFinishedSpanItems().toString());
      for (SpanData turn : turns) {
        assertEquals(start.getTraceId(), turn.getTraceId());
        assertEquals(start.getSpanId(), turn.getParentSpanId());
      }
      assertTrue(
          turns.stream().anyMatch(turn -> turn.getSpanId().equals(served.getParentSpanId())),
          "the worker's span is a child of the turn that queued its task: " + turns);
    }
  }

  private List<SpanData> named(String name) {
    return spans.getFinishedSpanItems().stream()
        .filter(span -> span.getName().equals(name))
        .toList();
  }

  private SpanData only(List<SpanData> found) {
    assertTrue(found.size() == 1,
        "expected one span, found " + found + "; all: " + spans.getFinishedSpanItems());
    return found.get(0);
  }
}
