package dev.durable.runtime;

import java.time.Instant;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Which runs {@link DurableEngine#listRuns} returns: those that match every criterion set, newest
 * first (by start, then by id), at most {@link #limit()}.
 *
 * <pre>{@code
 * RunFilter filter = RunFilter.builder().workflow("expense").status(RunState.FAILED).limit(50).build();
 * List<RunInfo> page = engine.listRuns(filter);
 * while (!page.isEmpty()) {
 *   ...
 *   page = engine.listRuns(filter.after(page.get(page.size() - 1)));   // the next page
 * }
 * }</pre>
 *
 * <p>Pages are cut by the last run seen (keyset pagination), not by an offset: a page costs the
 * same however deep it is, and runs started meanwhile do not shift the pages that follow.
 * Criteria on the workflow, the status, the start time, the parent, the fork origin and the
 * cursor are served by indexes; the others ({@link Builder#version}, {@link Builder#updatedFrom},
 * {@link Builder#updatedBefore}, {@link Builder#runIdPrefix}, {@link Builder#errorCode}, {@link
 * Builder#queue}) narrow what those find, so combine them with one of the first. Runs sought by {@link Builder#attribute} are found
 * through the attributes' own index, in the list's order, whatever else is set: the attribute
 * fewest runs hold leads, the others and the remaining criteria narrow what it finds.
 */
public final class RunFilter {
  /** The default number of runs a call returns. */
  public static final int DEFAULT_LIMIT = 50;
  /** The most runs one call returns. */
  public static final int MAX_LIMIT = 1000;

  private final String workflow;
  private final String version;
  private final Set<RunState> statuses;
  private final Instant createdFrom;
  private final Instant createdBefore;
  private final Instant updatedFrom;
  private final Instant updatedBefore;
  private final String runIdPrefix;
  private final String parentId;
  private final String forkedFrom;
  private final String errorCode;
  private final String queue;
  private final int limit;
  private final Instant afterCreatedAt;
  private final String afterRunId;
  private final Map<String, String> attributes;

  private RunFilter(Builder b, Instant afterCreatedAt, String afterRunId) {
    this.workflow = b.workflow;
    this.version = b.version;
    this.statuses = b.statuses.isEmpty() ? Set.of() : Set.copyOf(b.statuses);
    this.createdFrom = b.createdFrom;
    this.createdBefore = b.createdBefore;
    this.updatedFrom = b.updatedFrom;
    this.updatedBefore = b.updatedBefore;
    this.runIdPrefix = b.runIdPrefix;
    this.parentId = b.parentId;
    this.forkedFrom = b.forkedFrom;
    this.errorCode = b.errorCode;
    this.queue = b.queue;
    this.limit = b.limit;
    this.afterCreatedAt = afterCreatedAt;
    this.afterRunId = afterRunId;
    this.attributes = Collections.unmodifiableMap(new LinkedHashMap<>(b.attributes));
  }

  public static Builder builder() {
    return new Builder();
  }

  /** Every run, newest first, {@value #DEFAULT_LIMIT} at a time. */
  public static RunFilter all() {
    return builder().build();
  }

  /**
   * The next page: the same criteria, for the runs that come after {@code last} (the last run of
   * the page before) in the order of the list.
   */
  public RunFilter after(RunInfo last) {
    Objects.requireNonNull(last, "last");
    return new RunFilter(toBuilder(), last.createdAt(), last.id());
  }

  /** A builder holding these criteria, without the cursor. */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.workflow = workflow;
    b.version = version;
    b.statuses.addAll(statuses);
    b.createdFrom = createdFrom;
    b.createdBefore = createdBefore;
    b.updatedFrom = updatedFrom;
    b.updatedBefore = updatedBefore;
    b.runIdPrefix = runIdPrefix;
    b.parentId = parentId;
    b.forkedFrom = forkedFrom;
    b.errorCode = errorCode;
    b.queue = queue;
    b.limit = limit;
    b.attributes.putAll(attributes);
    return b;
  }

  /** Only runs of the workflow with this name. */
  public Optional<String> workflow() {
    return Optional.ofNullable(workflow);
  }

  /** Only runs of this version of the workflow. */
  public Optional<String> version() {
    return Optional.ofNullable(version);
  }

  /** Only runs in one of these states; empty: in any. */
  public Set<RunState> statuses() {
    return statuses;
  }

  /** Only runs started at or after this instant. */
  public Optional<Instant> createdFrom() {
    return Optional.ofNullable(createdFrom);
  }

  /** Only runs started before this instant. */
  public Optional<Instant> createdBefore() {
    return Optional.ofNullable(createdBefore);
  }

  /** Only runs last changed at or after this instant. */
  public Optional<Instant> updatedFrom() {
    return Optional.ofNullable(updatedFrom);
  }

  /** Only runs last changed before this instant. */
  public Optional<Instant> updatedBefore() {
    return Optional.ofNullable(updatedBefore);
  }

  /** Only runs whose id starts with this text. */
  public Optional<String> runIdPrefix() {
    return Optional.ofNullable(runIdPrefix);
  }

  /** Only the child runs of this run. */
  public Optional<String> parentId() {
    return Optional.ofNullable(parentId);
  }

  /** Only the forks made from this run. */
  public Optional<String> forkedFrom() {
    return Optional.ofNullable(forkedFrom);
  }

  /** Only runs that failed with this error code. */
  public Optional<String> errorCode() {
    return Optional.ofNullable(errorCode);
  }

  /** Only runs started through this queue. */
  public Optional<String> queue() {
    return Optional.ofNullable(queue);
  }

  /**
   * Only runs that hold every one of these attributes ({@link Builder#attribute}), in the order
   * given; empty: any.
   */
  public Map<String, String> attributes() {
    return attributes;
  }

  /** The most runs returned. */
  public int limit() {
    return limit;
  }

  /** The start time of the run the page comes after, if this is a next page. */
  public Optional<Instant> afterCreatedAt() {
    return Optional.ofNullable(afterCreatedAt);
  }

  /** The id of the run the page comes after, if this is a next page. */
  public Optional<String> afterRunId() {
    return Optional.ofNullable(afterRunId);
  }

  @Override
  public String toString() {
    StringBuilder s = new StringBuilder("RunFilter[");
    append(s, "workflow", workflow);
    append(s, "version", version);
    append(s, "status", statuses.isEmpty() ? null : statuses);
    append(s, "createdFrom", createdFrom);
    append(s, "createdBefore", createdBefore);
    append(s, "updatedFrom", updatedFrom);
    append(s, "updatedBefore", updatedBefore);
    append(s, "runIdPrefix", runIdPrefix);
    append(s, "parentId", parentId);
    append(s, "forkedFrom", forkedFrom);
    append(s, "errorCode", errorCode);
    append(s, "queue", queue);
    append(s, "attributes", attributes.isEmpty() ? null : attributes);
    append(s, "after", afterRunId);
    return s.append("limit=").append(limit).append(']').toString();
  }

  private static void append(StringBuilder s, String name, Object value) {
    if (value != null) {
      s.append(name).append('=').append(value).append(", ");
    }
  }

  /** Builds a {@link RunFilter}; every criterion is optional. */
  public static final class Builder {
    private String workflow;
    private String version;
    private final Set<RunState> statuses = EnumSet.noneOf(RunState.class);
    private Instant createdFrom;
    private Instant createdBefore;
    private Instant updatedFrom;
    private Instant updatedBefore;
    private String runIdPrefix;
    private String parentId;
    private String forkedFrom;
    private String errorCode;
    private String queue;
    private int limit = DEFAULT_LIMIT;
    private Instant afterCreatedAt;
    private String afterRunId;
    private final Map<String, String> attributes = new LinkedHashMap<>();

    private Builder() {}

    /** Only runs of the workflow named {@code name} ({@code @Workflow(name)}). */
    public Builder workflow(String name) {
      this.workflow = Objects.requireNonNull(name, "name");
      return this;
    }

    /** Only runs of {@code version} of the workflow. */
    public Builder version(String version) {
      this.version = Objects.requireNonNull(version, "version");
      return this;
    }

    /** Only runs in one of {@code statuses}; called again, adds to them. */
    public Builder status(RunState... statuses) {
      for (RunState status : statuses) {
        this.statuses.add(Objects.requireNonNull(status, "status"));
      }
      return this;
    }

    /** Only runs started at or after {@code from}. */
    public Builder createdFrom(Instant from) {
      this.createdFrom = Objects.requireNonNull(from, "from");
      return this;
    }

    /** Only runs started before {@code before}. */
    public Builder createdBefore(Instant before) {
      this.createdBefore = Objects.requireNonNull(before, "before");
      return this;
    }

    /** Only runs last changed at or after {@code from}. */
    public Builder updatedFrom(Instant from) {
      this.updatedFrom = Objects.requireNonNull(from, "from");
      return this;
    }

    /** Only runs last changed before {@code before}. */
    public Builder updatedBefore(Instant before) {
      this.updatedBefore = Objects.requireNonNull(before, "before");
      return this;
    }

    /** Only runs whose id starts with {@code prefix} (compared as is: case matters). */
    public Builder runIdPrefix(String prefix) {
      this.runIdPrefix = Objects.requireNonNull(prefix, "prefix");
      return this;
    }

    /** Only the child runs that run {@code parentId} started. */
    public Builder parentId(String parentId) {
      this.parentId = Objects.requireNonNull(parentId, "parentId");
      return this;
    }

    /**
     * Only the forks made from run {@code runId} ({@link DurableEngine#fork}; each one's {@link
     * RunInfo#forkedFrom()} names it).
     */
    public Builder forkedFrom(String runId) {
      this.forkedFrom = Objects.requireNonNull(runId, "runId");
      return this;
    }

    /** Only runs that failed with error code {@code code} ({@link RunError#code()}). */
    public Builder errorCode(String code) {
      this.errorCode = Objects.requireNonNull(code, "code");
      return this;
    }

    /** Only runs started through queue {@code queue} ({@link StartOptions.Builder#queue}). */
    public Builder queue(String queue) {
      this.queue = Objects.requireNonNull(queue, "queue");
      return this;
    }

    /**
     * At most {@code limit} runs, 1 to {@value #MAX_LIMIT}; {@value #DEFAULT_LIMIT} by default.
     */
    public Builder limit(int limit) {
      if (limit < 1 || limit > MAX_LIMIT) {
        throw new IllegalArgumentException(
            "limit must be 1 to " + MAX_LIMIT + ", but was " + limit
                + "; page through more with RunFilter.after(lastRun)");
      }
      this.limit = limit;
      return this;
    }

    /** Only the runs after {@code last} in the order of the list: the page that follows it. */
    public Builder after(RunInfo last) {
      Objects.requireNonNull(last, "last");
      this.afterCreatedAt = last.createdAt();
      this.afterRunId = last.id();
      return this;
    }

    /**
     * Only runs that hold attribute {@code key} with exactly {@code value} ({@link
     * StartOptions.Builder#attribute}, {@link WorkflowContext#attribute}). Called with several
     * keys, a run must hold them all; called again with the same key, the later value replaces
     * the earlier. Of several, the one fewest runs hold leads the search (its index is walked;
     * each run found is checked for the others), whatever the order given.
     *
     * @throws IllegalArgumentException if the key or value breaks {@link RunAttributes#check}'s
     *     rules (no stored run could hold it)
     */
    public Builder attribute(String key, String value) {
      RunAttributes.check(key, value);
      attributes.put(key, value);
      return this;
    }

    public RunFilter build() {
      return new RunFilter(this, afterCreatedAt, afterRunId);
    }
  }
}
