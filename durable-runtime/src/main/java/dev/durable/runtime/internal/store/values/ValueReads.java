package dev.durable.runtime.internal.store.values;

import dev.durable.runtime.RunState;
import java.util.List;

/**
 * What reading a run's events and streams returns ({@link StoredValues}, read by {@link
 * RunValuesTable}): each as of one moment, with the run's state then.
 */
public final class ValueReads {
  private ValueReads() {}

  /**
   * A run's state and its event's latest value, as of one moment.
   *
   * @param payload the latest value as JSON; null if the run has not set the event
   */
  public record EventRead(RunState status, String payload) {}

  /**
   * A value of a stream.
   *
   * @param id its place in the order of writes: the next read asks for the values after it
   * @param seq the position of the call that wrote it
   * @param payload the value as JSON; null where the stream ends
   */
  public record StreamValue(long id, int seq, String payload) {
    /** Whether it ends the stream ({@code ctx.closeStream}). */
    public boolean endsStream() {
      return payload == null;
    }
  }

  /**
   * A run's state and values of one of its streams, as of one moment: if the run had ended, no
   * value follows these.
   */
  public record StreamRead(RunState status, List<StreamValue> values) {}

  /**
   * What skipping values of a stream found, as of one moment: if it skipped fewer than asked and
   * the run had ended, no value follows these.
   *
   * @param after the id of the last value skipped (as given, if none): the next read asks for the
   *     values after it
   * @param skipped how many values it skipped
   * @param closed whether the stream's end ({@code ctx.closeStream}) came before the values asked
   */
  public record StreamSkip(RunState status, long after, int skipped, boolean closed) {}
}
