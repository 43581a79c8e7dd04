package dev.durable.runtime;

import java.time.Instant;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
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

  /**
   * A builder of a run's info, for tests and tools that make one by hand (a {@link
   * RunFilter.Builder#after} cursor, a status to render): {@code RunInfo.builder(id, "order", "1",
   * RunState.RUNNING).createdAt(t).build()}. What is not set is absent: no wake time, error, owner,
   * schedule, parent, queue, partition key or attributes, priority 0, the first generation, not a
   * fork.
   */
  public static Builder builder(
      String id, String workflowName, String workflowVersion, RunState status) {
    return new Builder(id, workflowName, workflowVersion, status);
  }

  /** Builds a {@link RunInfo}; each setter's value is the component of the same name. */
  public static final class Builder {
    private final String id;
    private final String workflowName;
    private final String workflowVersion;
    private final RunState status;
    private Instant wakeAt;
    private Instant createdAt;
    private Instant updatedAt;
    private RunError error;
    private String owner;
    private Instant scheduledAt;
    private String parentId;
    private String queue;
    private int priority;
    private String partitionKey;
    private Map<String, String> attributes = Map.of();
    private int generation = 1;
    private ForkPoint forkedFrom;

    private Builder(String id, String workflowName, String workflowVersion, RunState status) {
      this.id = Objects.requireNonNull(id, "id");
      this.workflowName = Objects.requireNonNull(workflowName, "workflowName");
      this.workflowVersion = Objects.requireNonNull(workflowVersion, "workflowVersion");
      this.status = Objects.requireNonNull(status, "status");
    }

    /** {@link RunInfo#wakeAt()}; null for none. */
    public Builder wakeAt(Instant wakeAt) {
      this.wakeAt = wakeAt;
      return this;
    }

    /** {@link RunInfo#createdAt()}. */
    public Builder createdAt(Instant createdAt) {
      this.createdAt = createdAt;
      return this;
    }

    /** {@link RunInfo#updatedAt()}. */
    public Builder updatedAt(Instant updatedAt) {
      this.updatedAt = updatedAt;
      return this;
    }

    /** {@link RunInfo#error()}; null for none. */
    public Builder error(RunError error) {
      this.error = error;
      return this;
    }

    /** {@link RunInfo#owner()}; null for none. */
    public Builder owner(String owner) {
      this.owner = owner;
      return this;
    }

    /** {@link RunInfo#scheduledAt()}; null for none. */
    public Builder scheduledAt(Instant scheduledAt) {
      this.scheduledAt = scheduledAt;
      return this;
    }

    /** {@link RunInfo#parentId()}; null for none. */
    public Builder parentId(String parentId) {
      this.parentId = parentId;
      return this;
    }

    /** {@link RunInfo#queue()} and {@link RunInfo#priority()} in it; a null queue for none. */
    public Builder queue(String queue, int priority) {
      this.queue = queue;
      this.priority = priority;
      return this;
    }

    /** {@link RunInfo#partitionKey()}; null for none. */
    public Builder partitionKey(String partitionKey) {
      this.partitionKey = partitionKey;
      return this;
    }

    /** {@link RunInfo#attributes()}. */
    public Builder attributes(Map<String, String> attributes) {
      this.attributes = Objects.requireNonNull(attributes, "attributes");
      return this;
    }

    /** {@link RunInfo#generation()}; 1 by default. */
    public Builder generation(int generation) {
      this.generation = generation;
      return this;
    }

    /** {@link RunInfo#forkedFrom()}; null for none. */
    public Builder forkedFrom(ForkPoint forkedFrom) {
      this.forkedFrom = forkedFrom;
      return this;
    }

    /** The run's info. */
    public RunInfo build() {
      return new RunInfo(id, workflowName, workflowVersion, status, wakeAt, createdAt, updatedAt,
          Optional.ofNullable(error), Optional.ofNullable(owner), Optional.ofNullable(scheduledAt),
          Optional.ofNullable(parentId), Optional.ofNullable(queue), priority,
          Optional.ofNullable(partitionKey), attributes, generation,
          Optional.ofNullable(forkedFrom));
    }
  }
}
