package dev.durable.runtime.spi;

import com.fasterxml.jackson.databind.JavaType;
import dev.durable.annotations.CatchUp;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * A workflow's stored identity (name and version) and the types of its input and result. Generated
 * as the {@code WORKFLOW} constant of each {@code <Name>Durable} class.
 *
 * @param <R> the workflow's result type
 */
public final class WorkflowType<R> {
  private final String name;
  private final String version;
  private final List<Payload> params;
  private final Payload result;
  private final Duration timeout;
  private final List<ScheduleSpec> schedules;
  private final List<String> graph;
  /** Its shape as JSON text, or null when the processor wrote none. */
  private final String shape;
  /** The fingerprint of {@link #graph}, or null when there is none. */
  private final String fingerprint;
  /** Its hashes, which every turn checks its run's against. */
  private final Set<String> hashes;

  private WorkflowType(Builder<R> builder) {
    this.name = builder.name;
    this.version = builder.version;
    this.params = List.copyOf(builder.params);
    this.result = Objects.requireNonNull(builder.result, "result");
    this.timeout = builder.timeout;
    this.schedules = List.copyOf(builder.schedules);
    this.graph = List.copyOf(builder.graph);
    this.shape = builder.shape;
    this.fingerprint = graph.isEmpty() ? null : fingerprint(graph);
    this.hashes = fingerprint == null ? Set.of() : Set.of(fingerprint.split(" "));
  }

  /** Starts describing workflow {@code name} at {@code version}. */
  public static <R> Builder<R> builder(String name, String version) {
    return new Builder<>(name, version);
  }

  /** The workflow's name. */
  public String name() {
    return name;
  }

  /** The workflow's version. */
  public String version() {
    return version;
  }

  /** The stored parameters of its {@code @Run} method, in order. */
  public List<Payload> params() {
    return params;
  }

  /** Its result. */
  public Payload result() {
    return result;
  }

  /** Its run timeout ({@code @Run(timeoutMs)}), if it has one. */
  public Optional<Duration> timeout() {
    return Optional.ofNullable(timeout);
  }

  /** Its {@code @Schedule}s, in declaration order; empty when it has none. */
  public List<ScheduleSpec> schedules() {
    return schedules;
  }

  /**
   * The lines of its step graph, sorted: the {@code @Run} method's, the steps', signals' and
   * routes' stored names and types, such as {@code step charge (com.acme.Order) ->
   * com.acme.Receipt}; empty for a type built without one.
   */
  public List<String> graph() {
    return graph;
  }

  /**
   * Its shape, as the processor read it from the {@code @Run} body: JSON text in the format of
   * {@code docs/workflow-shapes.md}, which an engine stores at build so that a dashboard without
   * the workflow's classes can draw it; empty for a type built without one.
   */
  public Optional<String> shape() {
    return Optional.ofNullable(shape);
  }

  /**
   * The fingerprint of its step graph, stored with each run it starts; empty when it has no graph.
   * It is the short hashes of the graph's lines, sorted and separated by spaces: a run can go on
   * with a class whose fingerprint holds every hash of the run's, so a class that only adds steps,
   * signals or routes takes up the runs of the one before it, and a class that changed or removed
   * one does not.
   */
  public Optional<String> fingerprint() {
    return Optional.ofNullable(fingerprint);
  }

  /**
   * Whether a run started with {@code runFingerprint} can be replayed by this class: each line of
   * its graph is one of this class's. True when either has no fingerprint (nothing to check).
   */
  public boolean accepts(String runFingerprint) {
    if (runFingerprint == null || runFingerprint.isBlank() || fingerprint == null
        || runFingerprint.equals(fingerprint)) {
      return true;
    }
    for (String hash : runFingerprint.trim().split(" +")) {
      if (!hashes.contains(hash)) {
        return false;
      }
    }
    return true;
  }

  /** The sorted, distinct short hashes of {@code lines}, separated by spaces. */
  private static String fingerprint(List<String> lines) {
    TreeSet<String> hashes = new TreeSet<>();
    for (String line : lines) {
      hashes.add(hash(line));
    }
    return String.join(" ", hashes);
  }

  /** The first 8 hex digits of the SHA-256 of {@code line}. */
  private static String hash(String line) {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256").digest(line.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest, 0, 4);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
  }

  @Override
  public String toString() {
    return "workflow '" + name + "' version '" + version + "'";
  }

  /** Builds a {@link WorkflowType}. */
  public static final class Builder<R> {
    private final String name;
    private final String version;
    private final List<Payload> params = new ArrayList<>();
    private Payload result;
    private Duration timeout;
    private final List<ScheduleSpec> schedules = new ArrayList<>();
    private final List<String> graph = new ArrayList<>();
    private String shape;

    private Builder(String name, String version) {
      this.name = Objects.requireNonNull(name, "name");
      this.version = Objects.requireNonNull(version, "version");
    }

    /** Adds a parameter. */
    public Builder<R> param(String paramName, JavaType type) {
      params.add(new Payload(paramName, type, false));
      return this;
    }

    /** Adds a parameter whose type carries Jakarta constraints. */
    public Builder<R> validatedParam(String paramName, JavaType type) {
      params.add(new Payload(paramName, type, true));
      return this;
    }

    /**
     * Adds a parameter with Jakarta constraints written on it, which field {@code paramName} of
     * {@code declaredConstraints} carries ({@link Payload#declaredConstraints()}); {@code
     * validated}: whether its type carries constraints too.
     */
    public Builder<R> param(
        String paramName, JavaType type, boolean validated, Class<?> declaredConstraints) {
      params.add(new Payload(paramName, type, validated, Optional.of(declaredConstraints)));
      return this;
    }

    /** Sets the result type. */
    public Builder<R> result(JavaType type) {
      result = new Payload("result", type, false);
      return this;
    }

    /** Sets a result type that carries Jakarta constraints. */
    public Builder<R> validatedResult(JavaType type) {
      result = new Payload("result", type, true);
      return this;
    }

    /** Sets the run timeout, {@code @Run(timeoutMs)}: a positive number of milliseconds. */
    public Builder<R> timeoutMs(long timeoutMs) {
      if (timeoutMs <= 0) {
        throw new IllegalArgumentException("timeoutMs must be positive, but was " + timeoutMs);
      }
      timeout = Duration.ofMillis(timeoutMs);
      return this;
    }

    /** Adds a schedule: a run starts at each fire time of {@code cron} in {@code zone}. */
    public Builder<R> schedule(String cron, String zone, CatchUp catchUp) {
      schedules.add(new ScheduleSpec(cron, zone, catchUp));
      return this;
    }

    /**
     * Sets the lines of its step graph, which the processor writes: runs store its {@link
     * #fingerprint()}, and an engine refuses to replay a run whose graph this class does not hold.
     */
    public Builder<R> graph(String... lines) {
      graph.clear();
      graph.addAll(new TreeSet<>(List.of(lines)));
      return this;
    }

    /** Sets its shape, JSON text the processor writes ({@link WorkflowType#shape()}). */
    public Builder<R> shape(String json) {
      shape = Objects.requireNonNull(json, "json");
      return this;
    }

    public WorkflowType<R> build() {
      return new WorkflowType<>(this);
    }
  }
}
