package dev.durable.runtime.internal.observe;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.opentelemetry.context.propagation.TextMapGetter;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * Records spans with OpenTelemetry: one for a run's start, one per turn, one per step attempt (on
 * the engine for a local step, on the worker for a dispatched one). A run stores the W3C {@code
 * traceparent} of its start, which its turns are children of, so that a run is one trace however
 * many engines and days its turns take; a task carries the one of the turn that queued it, so that
 * the worker's span joins the run's trace too. The W3C format is used whatever propagators the
 * application configured. Loaded only when an OpenTelemetry instance was configured.
 */
final class OtelObserver implements Observer {
  static final String INSTRUMENTATION = "dev.durable";
  static final AttributeKey<String> RUN_ID = AttributeKey.stringKey("durable.run.id");
  static final AttributeKey<String> WORKFLOW = AttributeKey.stringKey("durable.workflow");
  static final AttributeKey<String> VERSION = AttributeKey.stringKey("durable.workflow.version");
  static final AttributeKey<String> STEP = AttributeKey.stringKey("durable.step");
  static final AttributeKey<Long> ATTEMPT = AttributeKey.longKey("durable.step.attempt");
  static final AttributeKey<String> ERROR_CODE = AttributeKey.stringKey("durable.error.code");
  static final AttributeKey<String> OUTCOME = AttributeKey.stringKey("durable.run.outcome");
  private static final String TRACEPARENT = "traceparent";

  private static final TextMapGetter<String> ONE_HEADER = new TextMapGetter<>() {
    @Override
    public String get(String carrier, String key) {
      return TRACEPARENT.equals(key) ? carrier : null;
    }
  };

  private final Tracer tracer;

  OtelObserver(OpenTelemetry openTelemetry) {
    this.tracer = openTelemetry.getTracer(INSTRUMENTATION);
  }

  static Observer of(Object openTelemetry) {
    if (!(openTelemetry instanceof OpenTelemetry otel)) {
      throw new IllegalArgumentException(
          "openTelemetry must be an OpenTelemetry instance, but was " + openTelemetry.getClass());
    }
    return new OtelObserver(otel);
  }

  /** Recorded on the span of the turn that ended the run, current when this is called. */
  @Override
  public void runCompleted(String workflow) {
    Span.current().setAttribute(OUTCOME, "completed");
  }

  /** Recorded on the span of the turn that ended the run, current when this is called. */
  @Override
  public void runFailed(String workflow, String code) {
    Span span = Span.current();
    span.setAttribute(OUTCOME, "failed");
    span.setAttribute(ERROR_CODE, code);
    span.setStatus(StatusCode.ERROR, code);
  }

  @Override
  public String runStarting(String runId, String workflow) {
    Span span = tracer.spanBuilder("start " + workflow)
        .setSpanKind(SpanKind.PRODUCER)
        .setAttribute(RUN_ID, runId)
        .setAttribute(WORKFLOW, workflow)
        .startSpan();
    try {
      return traceparent(Context.current().with(span));
    } finally {
      span.end();
    }
  }

  @Override
  public TraceSpan turn(String runId, String workflow, String version, String traceContext) {
    return open(tracer.spanBuilder("turn " + workflow)
        .setParent(parent(traceContext, Context.current()))
        .setSpanKind(SpanKind.INTERNAL)
        .setAttribute(RUN_ID, runId)
        .setAttribute(WORKFLOW, workflow)
        .setAttribute(VERSION, version)
        .startSpan());
  }

  @Override
  public TraceSpan stepAttempt(String runId, String workflow, String step, int attempt) {
    return open(tracer.spanBuilder("step " + step)
        .setSpanKind(SpanKind.INTERNAL)
        .setAttribute(RUN_ID, runId)
        .setAttribute(WORKFLOW, workflow)
        .setAttribute(STEP, step)
        .setAttribute(ATTEMPT, (long) attempt)
        .startSpan());
  }

  @Override
  public TraceSpan task(String traceContext, String runId, String step, int attempt) {
    return open(tracer.spanBuilder("step " + step)
        .setParent(parent(traceContext, Context.root()))
        .setSpanKind(SpanKind.CONSUMER)
        .setAttribute(RUN_ID, runId)
        .setAttribute(STEP, step)
        .setAttribute(ATTEMPT, (long) attempt)
        .startSpan());
  }

  @Override
  public String traceContext() {
    return traceparent(Context.current());
  }

  /** The span of {@code context} as a W3C {@code traceparent}; null if it has none. */
  private static String traceparent(Context context) {
    if (!Span.fromContext(context).getSpanContext().isValid()) {
      return null;
    }
    Map<String, String> headers = new HashMap<>();
    W3CTraceContextPropagator.getInstance().inject(context, headers, Map::put);
    return headers.get(TRACEPARENT);
  }

  /** The context {@code traceparent} names, or {@code otherwise} if it is null or malformed. */
  private static Context parent(String traceparent, Context otherwise) {
    if (traceparent == null) {
      return otherwise;
    }
    Context parent = W3CTraceContextPropagator.getInstance()
        .extract(Context.root(), traceparent, ONE_HEADER);
    return Span.fromContext(parent).getSpanContext().isValid() ? parent : otherwise;
  }

  @Override
  public <T> Callable<T> withCurrentContext(Callable<T> task) {
    return Context.current().wrap(task);
  }

  private static TraceSpan open(Span span) {
    Scope scope = span.makeCurrent();
    return new TraceSpan() {
      @Override
      public void failed(String code) {
        span.setStatus(StatusCode.ERROR, code);
        span.setAttribute(ERROR_CODE, code);
      }

      @Override
      public void attribute(String key, String value) {
        span.setAttribute(key, value);
      }

      @Override
      public void close() {
        scope.close();
        span.end();
      }
    };
  }
}
