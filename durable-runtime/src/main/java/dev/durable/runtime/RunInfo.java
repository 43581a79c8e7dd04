package dev.durable.runtime;

import java.time.Instant;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A run as stored.
 *
 * @param id the run's id
 * @param workflowName the workflow's name
 * @param workflowVersion the workflow's version
 * @param status where the run is
 * @param wakeAt when a {@link RunState#SLEEPING} run wakes, or when the delay of an {@link
 *     RunState#ENQUEUED} run ends ({@link StartOptions.Builder#delay}); {@code null} otherwise
 * @param createdAt when the run was started
 * @param updatedAt when the run's state last changed: started, claimed, suspended, woken, requeued
 *     or ended; a step completing within a turn does not move it (its checkpoint has its own time)
 * @param error why the run failed, when it did
 * @param owner the engine whose lease the run is under, while it is {@link RunState#RUNNING}
 * @param scheduledAt the fire time a run started by a {@code @Schedule} serves (the instant its
 *     cron expression named); empty for a run started otherwise
 * @param parentId the run that started this one as a child run, if one did
 * @param queue the queue the run was started through ({@link StartOptions.Builder#queue}), if any
 * @param priority its priority in that queue; 0 without one
 * @param partitionKey its partition key in that queue, if any
 * @param attributes its searchable attributes ({@link StartOptions.Builder#attribute}, {@link
 *     WorkflowContext#attribute}), sorted by key
 * @param generation how many times the run has started (1, then one more at each {@code
 *     <Name>Client.of(ctx).continueAsNew(...)}): its history holds this generation's alone
 * @param forkedFrom the run and position it was forked from ({@link DurableEngine#fork}), if it is
 *     a fork
 */
public record RunInfo(
    String id,
    String workflowName,
    String workflowVersion,
    RunState status,
    Instant wakeAt,
    Instant createdAt,
    Instant updatedAt,
    Optional<RunError> error,
    Optional<String> owner,
    Optional<Instant> scheduledAt,
    Optional<String> parentId,
    Optional<String> queue,
    int priority,
    Optional<String> partitionKey,
    Map<String, String> attributes,
    int generation,
    Optional<ForkPoint> forkedFrom) {

  public RunInfo {
    attributes = Collections.unmodifiableSortedMap(new TreeMap<>(attributes));
  }

  /** A run in its first generation, not forked. */
  public RunInfo(
      String id,
      String workflowName,
      String workflowVersion,
      RunState status,
      Instant wakeAt,
      Instant createdAt,
      Instant updatedAt,
      Optional<RunError> error,
      Optional<String> owner,
      Optional<Instant> scheduledAt,
      Optional<String> parentId,
      Optional<String> queue,
      int priority,
      Optional<String> partitionKey,
      Map<String, String> attributes) {
    this(id, workflowName, workflowVersion, status, wakeAt, createdAt, updatedAt, error, owner,
        scheduledAt, parentId, queue, priority, partitionKey, attributes, 1, Optional.empty());
  }

  /** A run without attributes, in its first generation, not forked. */
  public RunInfo(
      String id,
      String workflowName,
      String workflowVersion,
      RunState status,
      Instant wakeAt,
      Instant createdAt,
      Instant updatedAt,
      Optional<RunError> error,
      Optional<String> owner,
      Optional<Instant> scheduledAt,
      Optional<String> parentId,
      Optional<String> queue,
      int priority,
      Optional<String> partitionKey) {
    this(id, workflowName, workflowVersion, status, wakeAt, createdAt, updatedAt, error, owner,
        scheduledAt, parentId, queue, priority, partitionKey, Map.of());
  }

  /**
   * A run started without a queue: {@link #queue()} and {@link #partitionKey()} are empty; nor
   * has it attributes.
   */
  public RunInfo(
      String id,
      String workflowName,
      String workflowVersion,
      RunState status,
      Instant wakeAt,
      Instant createdAt,
      Instant updatedAt,
      Optional<RunError> error,
      Optional<String> owner,
      Optional<Instant> scheduledAt,
      Optional<String> parentId) {
    this(id, workflowName, workflowVersion, status, wakeAt, createdAt, updatedAt, error, owner,
        scheduledAt, parentId, Optional.empty(), 0, Optional.empty());
  }

  /**
   * A run that neither a {@code @Schedule} nor another run started: {@link #scheduledAt()} and
   * {@link #parentId()} are empty.
   */
  public RunInfo(
      String id,
      String workflowName,
      String workflowVersion,
      RunState status,
      Instant wakeAt,
      Instant createdAt,
      Instant updatedAt,
      Optional<RunError> error,
      Optional<String> owner) {
    this(id, workflowName, workflowVersion, status, wakeAt, createdAt, updatedAt, error, owner,
        Optional.empty(), Optional.empty());
  }
}
