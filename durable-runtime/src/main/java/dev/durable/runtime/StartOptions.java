package dev.durable.runtime;

import java.util.Objects;
import java.util.Optional;

/**
 * How a generated client's {@code start(StartOptions, ...)} starts a run: with which id, and on
 * which version of its workflow.
 *
 * <pre>{@code
 * GreeterClient.of(engine).start(StartOptions.builder().runId("greet-42").version("1").build(), name);
 * }</pre>
 *
 * @param runId the run's id; empty: a new random one. Starting is idempotent by id, as with {@code
 *     start(runId, ...)}.
 * @param version the version of the workflow the run goes on; empty: the highest version
 *     registered with the engine (or the client's own, if higher). A version named must be
 *     registered with the engine that starts the run, or be the client's own.
 */
public record StartOptions(Optional<String> runId, Optional<String> version) {
  public StartOptions {
    Objects.requireNonNull(runId, "runId");
    Objects.requireNonNull(version, "version");
  }

  /** No options: a new id, the newest version. */
  public static StartOptions defaults() {
    return new StartOptions(Optional.empty(), Optional.empty());
  }

  public static Builder builder() {
    return new Builder();
  }

  /** Builds {@link StartOptions}. */
  public static final class Builder {
    private String runId;
    private String version;

    private Builder() {}

    /** Starts the run with this id, or finds the run already started with it. */
    public Builder runId(String runId) {
      this.runId = Objects.requireNonNull(runId, "runId");
      return this;
    }

    /** Starts the run on this version of the workflow, instead of the newest registered. */
    public Builder version(String version) {
      if (version == null || version.isBlank()) {
        throw new IllegalArgumentException("a version must not be blank; was '" + version + "'");
      }
      this.version = version;
      return this;
    }

    public StartOptions build() {
      return new StartOptions(Optional.ofNullable(runId), Optional.ofNullable(version));
    }
  }
}
