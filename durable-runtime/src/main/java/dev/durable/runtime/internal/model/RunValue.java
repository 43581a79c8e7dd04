package dev.durable.runtime.internal.model;

import java.time.Instant;
import java.util.Objects;

/**
 * A value a run publishes for readers outside it ({@code durable_run_values}, {@link
 * RunValuesTable}): an event's new value, a value of a stream, or a stream's end. Written in the
 * commit that records the checkpoint of the call that made it ({@link Commit#values}).
 *
 * @param runId the run that wrote it
 * @param kind an event's or a stream's
 * @param name the event's or the stream's key
 * @param seq the position of the call's checkpoint
 * @param payload the value as JSON; null for the end of a stream ({@link Kind#STREAM} only)
 * @param createdAt when the call was made
 */
public record RunValue(
    String runId, Kind kind, String name, int seq, String payload, Instant createdAt) {

  /** What a row is. */
  public enum Kind {
    /** A value of an event ({@code ctx.setEvent}): readers see the latest. */
    EVENT,
    /** A value of a stream ({@code ctx.writeStream}), or its end ({@code ctx.closeStream}). */
    STREAM
  }

  public RunValue {
    Objects.requireNonNull(runId, "runId");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(createdAt, "createdAt");
    if (payload == null && kind == Kind.EVENT) {
      throw new IllegalArgumentException("an event's value is never null: " + name);
    }
  }

  /** Whether it ends its stream. */
  public boolean endsStream() {
    return payload == null;
  }
}
