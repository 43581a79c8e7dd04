package dev.durable.runtime.internal.engine;

import dev.durable.runtime.RunHandle;
import dev.durable.runtime.StartOptions;
import dev.durable.runtime.internal.values.RunValueReads;
import dev.durable.runtime.spi.SignalType;
import dev.durable.runtime.spi.WorkflowRuns;
import dev.durable.runtime.spi.WorkflowType;
import java.util.UUID;

/** What a generated client delegates to: one workflow's runs in one engine's store. */
final class WorkflowRunsImpl<R> implements WorkflowRuns<R> {
  private final ClientCalls engine;
  private final WorkflowType<R> type;
  private final RunValueReads values;

  /** @param values reads the events and streams of the runs, for their handles */
  WorkflowRunsImpl(ClientCalls engine, WorkflowType<R> type, RunValueReads values) {
    this.engine = engine;
    this.type = type;
    this.values = values;
  }

  @Override
  public RunHandle<R> start(Object[] input) {
    return start(UUID.randomUUID().toString(), input);
  }

  @Override
  public RunHandle<R> start(String runId, Object[] input) {
    ClientCalls.Started started = engine.startRun(type, runId, StartOptions.defaults(), input);
    return new RunHandleImpl<>(engine, type, started.runId(), values, started.created());
  }

  @Override
  public RunHandle<R> start(StartOptions options, Object[] input) {
    String runId = options.runId().orElseGet(() -> UUID.randomUUID().toString());
    ClientCalls.Started started = engine.startRun(type, runId, options, input);
    return new RunHandleImpl<>(engine, type, started.runId(), values, started.created());
  }

  @Override
  public <T> void signal(String runId, SignalType<T> signal, T value) {
    engine.signals().send(type, runId, signal, value);
  }

  @Override
  public RunHandle<R> get(String runId) {
    engine.requireRun(type, runId);
    return new RunHandleImpl<>(engine, type, runId, values, false);
  }
}
