package dev.durable.runtime.spi;

import com.fasterxml.jackson.databind.JavaType;
import dev.durable.annotations.CatchUp;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

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

  private WorkflowType(Builder<R> builder) {
    this.name = builder.name;
    this.version = builder.version;
    this.params = List.copyOf(builder.params);
    this.result = Objects.requireNonNull(builder.result, "result");
    this.timeout = builder.timeout;
    this.schedules = List.copyOf(builder.schedules);
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

    public WorkflowType<R> build() {
      return new WorkflowType<>(this);
    }
  }
}
