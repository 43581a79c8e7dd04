package dev.durable.runtime.internal.engine;

import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunStatus;
import dev.durable.runtime.internal.values.RunValueReads;
import dev.durable.runtime.spi.WorkflowType;
import java.time.Duration;
import java.util.Optional;
import java.util.stream.Stream;

/** A run of a known workflow type, seen through one engine. */
final class RunHandleImpl<R> implements RunHandle<R> {
  /** As good as no limit, and still a number of nanoseconds that fits in a long. */
  private static final Duration WITHOUT_LIMIT = Duration.ofDays(100 * 365);

  private final ClientCalls engine;
  private final WorkflowType<R> type;
  private final String runId;
  private final RunValueReads values;
  private final boolean created;

  /** @param created whether the start that made this handle stored the run (false: {@code get}) */
  RunHandleImpl(ClientCalls engine, WorkflowType<R> type, String runId, RunValueReads values,
      boolean created) {
    this.engine = engine;
    this.type = type;
    this.runId = runId;
    this.values = values;
    this.created = created;
  }

  @Override
  public boolean created() {
    return created;
  }

  @Override
  public String id() {
    return runId;
  }

  @Override
  public R await(Duration timeout) {
    return engine.await(runId, type, timeout);
  }

  @Override
  public R await() {
    return engine.await(runId, type, WITHOUT_LIMIT);
  }

  @Override
  public RunStatus status() {
    return engine.getRunStatus(runId);
  }

  @Override
  public <T> Optional<T> getEvent(String key, Class<T> type, Duration wait) {
    return values.event(runId, key, type, wait);
  }

  @Override
  public <T> Stream<T> readStream(String key, Class<T> type, long fromIndex) {
    return values.stream(runId, key, type, fromIndex);
  }

  @Override
  public String toString() {
    return "run " + runId + " of " + type;
  }
}
