package dev.durable.runtime;

import java.time.Duration;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * How a generated client's {@code start(StartOptions, ...)} starts a run: with which id, on which
 * version of its workflow, through which queue, and with which searchable attributes.
 *
 * <pre>{@code
 * GreeterClient.of(engine).start(StartOptions.builder().runId("greet-42").version("1").build(), name);
 * ReportClient.of(engine).start(StartOptions.builder().queue("reports").priority(5)
 *     .partitionKey("tenant-42").deduplicationId("order-9").build(), order);
 * OrderClient.of(engine).start(StartOptions.builder().attribute("customer", "c-42").build(), order);
 * }</pre>
 *
 * @param runId the run's id; empty: a new random one. Starting is idempotent by id, as with {@code
 *     start(runId, ...)}.
 * @param version the version of the workflow the run goes on; empty: the highest version
 *     registered with the engine (or the client's own, if higher). A version named must be
 *     registered with the engine that starts the run, or be the client's own.
 * @param queue the queue that admits the run ({@link Queue}); empty: it runs as soon as an engine
 *     takes it
 * @param priority its place in its queue: lower first, equal priorities first come, first served
 * @param partitionKey the key within its queue whose limits it counts against; empty: none
 * @param deduplicationId an id that no other unfinished run of its queue (without a queue: of its
 *     workflow) may hold; empty: none
 * @param delay how long after the start the run is admitted at the earliest; empty: at once
 * @param debounce the key and window that fold starts close together into one run; empty: none
 * @param attributes the run's searchable attributes ({@link Builder#attribute}), by key, sorted
 */
public record StartOptions(
    Optional<String> runId,
    Optional<String> version,
    Optional<String> queue,
    int priority,
    Optional<String> partitionKey,
    Optional<String> deduplicationId,
    Optional<Duration> delay,
    Optional<Debounce> debounce,
    Map<String, String> attributes) {
  /** The longest {@link Builder#delay}. */
  public static final Duration MAX_DELAY = Duration.ofDays(365);
  /** The longest partition key and deduplication id, in characters. */
  public static final int MAX_KEY_LENGTH = 200;

  public StartOptions {
    Objects.requireNonNull(runId, "runId");
    Objects.requireNonNull(version, "version");
    Objects.requireNonNull(queue, "queue");
    Objects.requireNonNull(partitionKey, "partitionKey");
    Objects.requireNonNull(deduplicationId, "deduplicationId");
    Objects.requireNonNull(delay, "delay");
    Objects.requireNonNull(debounce, "debounce");
    Objects.requireNonNull(attributes, "attributes");
    attributes.forEach(RunAttributes::check);
    RunAttributes.checkCount(attributes.size());
    attributes = Collections.unmodifiableSortedMap(new TreeMap<>(attributes));
  }

  /** Options without attributes. */
  public StartOptions(
      Optional<String> runId, Optional<String> version, Optional<String> queue, int priority,
      Optional<String> partitionKey, Optional<String> deduplicationId, Optional<Duration> delay,
      Optional<Debounce> debounce) {
    this(runId, version, queue, priority, partitionKey, deduplicationId, delay, debounce,
        Map.of());
  }

  /**
   * Starts with {@code key} (per workflow) less than {@code window} apart make one run: see
   * {@link Builder#debounce}.
   */
  public record Debounce(String key, Duration window) {
    public Debounce {
      Objects.requireNonNull(key, "key");
      Objects.requireNonNull(window, "window");
    }
  }

  /** A run id and a version only: no queue, no delay. */
  public StartOptions(Optional<String> runId, Optional<String> version) {
    this(runId, version, Optional.empty(), 0, Optional.empty(), Optional.empty(),
        Optional.empty(), Optional.empty());
  }

  /** No options: a new id, the newest version. */
  public static StartOptions defaults() {
    return new StartOptions(Optional.empty(), Optional.empty());
  }

  public static Builder builder() {
    return new Builder();
  }

  /** Builds {@link StartOptions}; each value is checked as it is set. */
  public static final class Builder {
    private String runId;
    private String version;
    private String queue;
    private int priority;
    private String partitionKey;
    private String deduplicationId;
    private Duration delay;
    private Debounce debounce;
    private final Map<String, String> attributes = new TreeMap<>();

    private Builder() {}

    /** Starts the run with this id, or finds the run already started with it. */
    public Builder runId(String runId) {
      this.runId = Objects.requireNonNull(runId, "runId");
      return this;
    }

    /** Starts the run on this version of the workflow, instead of the newest registered. */
    public Builder version(String version) {
      if (version == null || version.isBlank()) {
        throw new IllegalArgumentException("a version must not be blank; was '"
            + StoredText.echo(version) + "'");
      }
      this.version = version;
      return this;
    }

    /**
     * Starts the run {@link RunState#ENQUEUED} in queue {@code queue}: it runs once an engine
     * that declares the queue ({@link DurableEngine.Builder#queue(Queue)}) admits it within the
     * queue's limits. An engine that does not declare it never admits it.
     */
    public Builder queue(String queue) {
      this.queue = Checks.queueName(queue);
      return this;
    }

    /** The run's place in its queue: lower first; 0 by default; equal ones in start order. */
    public Builder priority(int priority) {
      this.priority = priority;
      return this;
    }

    /**
     * The key within the queue the run counts against: the queue's concurrency and rate limits
     * hold per key (a tenant, say), so one key's runs never hold back another's. Needs a
     * {@link #queue(String)}.
     */
    public Builder partitionKey(String partitionKey) {
      this.partitionKey = key(partitionKey, "partitionKey");
      return this;
    }

    /**
     * While a run started with this id in the same queue (without a queue: of the same workflow)
     * has not ended, a start with it throws {@link DuplicateRunException}, naming that run, and
     * stores nothing; once the run ends the id is free. A start with the same run id as that run
     * finds it, as any start by run id does.
     */
    public Builder deduplicationId(String deduplicationId) {
      this.deduplicationId = key(deduplicationId, "deduplicationId");
      return this;
    }

    /**
     * Admits the run no earlier than {@code delay} after its start (more than 0, at most a year);
     * with no queue, it is {@link RunState#ENQUEUED} until then and runs at that time.
     */
    public Builder delay(Duration delay) {
      Objects.requireNonNull(delay, "delay");
      if (delay.isZero() || delay.isNegative() || delay.compareTo(MAX_DELAY) > 0) {
        throw new IllegalArgumentException("a start's delay must be more than 0 and at most "
            + MAX_DELAY.toDays() + " days, but was " + delay + "; nothing was stored");
      }
      this.delay = delay;
      return this;
    }

    /**
     * Folds the starts of this workflow with {@code key} that come less than {@code window}
     * after the one before into one run: it is {@link RunState#ENQUEUED} until {@code window}
     * after the last of them, then runs (or, with a {@link #queue(String)}, waits for admission)
     * with the last start's input. Every start returns a handle to that one run, whatever run id
     * it names; the run keeps the id and workflow version of the first. A start that comes when
     * the window has passed starts a new run. Cannot be combined with {@link #delay} (the window
     * is the delay) or {@link #deduplicationId}.
     *
     * @throws IllegalArgumentException if {@code key} is blank or longer than {@link
     *     #MAX_KEY_LENGTH}, or {@code window} is not more than 0 and at most {@link #MAX_DELAY}
     */
    public Builder debounce(String key, Duration window) {
      Objects.requireNonNull(window, "window");
      String checked = key(key, "debounce key");
      if (window.isZero() || window.isNegative() || window.compareTo(MAX_DELAY) > 0) {
        throw new IllegalArgumentException("a debounce window must be more than 0 and at most "
            + MAX_DELAY.toDays() + " days, but was " + window + "; nothing was stored");
      }
      this.debounce = new Debounce(checked, window);
      return this;
    }

    /**
     * The options.
     *
     * @throws IllegalArgumentException if a partition key is set without a queue, or a debounce
     *     with a delay or a deduplication id
     */
    public StartOptions build() {
      if (partitionKey != null && queue == null) {
        throw new IllegalArgumentException("a partitionKey ('" + partitionKey + "') needs a"
            + " queue: its limits are the queue's; set queue(...) too, or drop the key");
      }
      if (debounce != null && (delay != null || deduplicationId != null)) {
        throw new IllegalArgumentException("a debounce ('" + debounce.key() + "') cannot be"
            + " combined with a " + (delay != null ? "delay: its window is the delay; drop the"
            + " delay" : "deduplicationId: the debounce key already makes one run; drop the id"));
      }
      return new StartOptions(Optional.ofNullable(runId), Optional.ofNullable(version),
          Optional.ofNullable(queue), priority, Optional.ofNullable(partitionKey),
          Optional.ofNullable(deduplicationId), Optional.ofNullable(delay),
          Optional.ofNullable(debounce), attributes);
    }

    /**
     * Gives the run the searchable attribute {@code key} = {@code value}, stored with the run in
     * the same commit: {@code engine.listRuns(RunFilter.builder().attribute(key, value).build())}
     * finds it. Called again with the same key, the later value replaces the earlier; at most
     * {@link RunAttributes#MAX_PER_RUN} keys. The run may set more, or replace these, with {@link
     * WorkflowContext#attribute}. A debounced start that folds into a run leaves that run's
     * attributes as its first start gave them.
     *
     * @throws IllegalArgumentException if the key or value breaks {@link RunAttributes#check}'s
     *     rules, or this is the {@code MAX_PER_RUN + 1}st key
     */
    public Builder attribute(String key, String value) {
      RunAttributes.check(key, value);
      if (!attributes.containsKey(key)) {
        RunAttributes.checkCount(attributes.size() + 1);
      }
      attributes.put(key, value);
      return this;
    }

    private static String key(String value, String what) {
      return StoredText.requireKey(value, MAX_KEY_LENGTH, "a " + what);
    }
  }
}
