package dev.durable.runtime.internal.observe;

/**
 * A span being recorded, current on the thread that opened it until {@link #close()}, which ends
 * it; close it on that thread. {@link #NONE} records nothing.
 */
public interface TraceSpan extends AutoCloseable {

  /** A span that records nothing: what an engine without tracing opens. */
  TraceSpan NONE = new TraceSpan() {};

  /** Marks the span as failed with a stable error code (no message: it may hold user data). */
  default void failed(String code) {}

  /** Records an attribute of the span, such as its outcome. */
  default void attribute(String key, String value) {}

  /** Ends the span and restores the context that was current before it. */
  @Override
  default void close() {}
}
