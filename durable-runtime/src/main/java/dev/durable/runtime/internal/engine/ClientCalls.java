package dev.durable.runtime.internal.engine;

import dev.durable.runtime.RunStatus;
import dev.durable.runtime.StartOptions;
import dev.durable.runtime.internal.signal.SignalSender;
import dev.durable.runtime.spi.WorkflowType;
import java.time.Duration;

/**
 * What a generated client's runs ({@link WorkflowRunsImpl}) and their handles ({@link
 * RunHandleImpl}) ask of the engine they were made by ({@link DefaultEngine}).
 */
interface ClientCalls {
  /**
   * Starts a run of {@code client}'s workflow with {@code input}: the run {@code runId}, or the run
   * a debounced start was folded into.
   */
  Started startRun(WorkflowType<?> client, String runId, StartOptions options, Object[] input);

  /**
   * What a start did: the run's id, and whether the start stored it (false: a run with the id was
   * stored already, and the start changed nothing).
   */
  record Started(String runId, boolean created) {}

  /** Fails unless {@code runId} is a run of {@code type}'s workflow, in any of its versions. */
  void requireRun(WorkflowType<?> type, String runId);

  /** Sends the typed signals of the runs in the engine's store. */
  SignalSender signals();

  /** Waits for the run to end, at most {@code timeout}, and returns its result. */
  <R> R await(String runId, WorkflowType<R> type, Duration timeout);

  /** The run's status. */
  RunStatus getRunStatus(String runId);
}
