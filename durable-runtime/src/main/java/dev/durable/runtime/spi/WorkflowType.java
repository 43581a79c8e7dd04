package dev.durable.runtime.spi;

import com.fasterxml.jackson.databind.JavaType;
import dev.durable.annotations.CatchUp;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

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
  private final List<ScheduleSpec> schedules;

  private WorkflowType(
      String name, String version, List<Payload> params, Payload result,
      List<ScheduleSpec> schedules) {
    this.name = name;
    this.version = version;
    this.params = List.copyOf(params);
    this.result = result;
    this.schedules = List.copyOf(schedules);
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

    /** Adds a schedule: a run starts at each fire time of {@code cron} in {@code zone}. */
    public Builder<R> schedule(String cron, String zone, CatchUp catchUp) {
      schedules.add(new ScheduleSpec(cron, zone, catchUp));
      return this;
    }

    public WorkflowType<R> build() {
      return new WorkflowType<>(
          name, version, params, Objects.requireNonNull(result, "result"), schedules);
    }
  }
}
