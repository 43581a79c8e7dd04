package dev.durable.runtime.spi;

import com.fasterxml.jackson.databind.JavaType;
import dev.durable.runtime.NonRetryable;
import dev.durable.runtime.RetryPolicy;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * A step's checkpoint identity (its name), retry policy, timeout and stored types. Generated as a
 * constant of each {@code <Name>Durable} class, one per {@code @Step} method.
 *
 * @param <T> the step's result type ({@link Void} for {@code void} methods)
 */
public final class StepType<T> {
  private final String name;
  private final RetryPolicy retry;
  private final long timeoutMs;
  private final long pickupTimeoutMs;
  private final List<Payload> params;
  private final Payload result;
  private final Predicate<Throwable> nonRetryable;
  private final long remoteRedispatchMs;
  private final int remoteRedispatchMax;
  private final String queue;
  private final String compensation;

  private StepType(StepType<T> step, RetryPolicy retry) {
    this.name = step.name;
    this.retry = retry;
    this.timeoutMs = step.timeoutMs;
    this.pickupTimeoutMs = step.pickupTimeoutMs;
    this.params = step.params;
    this.result = step.result;
    this.nonRetryable = step.nonRetryable;
    this.remoteRedispatchMs = step.remoteRedispatchMs;
    this.remoteRedispatchMax = step.remoteRedispatchMax;
    this.queue = step.queue;
    this.compensation = step.compensation;
  }

  /** The same step, retried by {@code retry} instead of its declared policy: a per-call override. */
  public StepType<T> withRetry(RetryPolicy retry) {
    return new StepType<>(this, Objects.requireNonNull(retry, "retry"));
  }

  private StepType(Builder<T> b) {
    this.name = b.name;
    this.retry = b.retry;
    this.timeoutMs = b.timeoutMs;
    this.pickupTimeoutMs = b.pickupTimeoutMs;
    this.params = List.copyOf(b.params);
    this.result = Objects.requireNonNull(b.result, "result");
    this.nonRetryable = b.nonRetryable;
    this.remoteRedispatchMs = b.remoteRedispatchMs;
    this.remoteRedispatchMax = b.remoteRedispatchMax;
    this.queue = b.queue;
    this.compensation = b.compensation;
  }

  /** The flow-control queue whose slots a local step's attempts take; empty: none. */
  public String queue() {
    return queue;
  }

  /**
   * The name of the step that undoes this one ({@code @Step(compensate = ...)}), if any: when the
   * run fails for good, it is called with this step's arguments and result.
   */
  public Optional<String> compensation() {
    return Optional.ofNullable(compensation);
  }

  /** A dispatched step's lost-task lease in milliseconds; 0 = none. */
  public long remoteRedispatchMs() {
    return remoteRedispatchMs;
  }

  /** How many times a dispatched step's lost task is delivered again before the step fails. */
  public int remoteRedispatchMax() {
    return remoteRedispatchMax;
  }

  /** Starts describing step {@code name}. */
  public static <T> Builder<T> builder(String name) {
    return new Builder<>(name);
  }

  /** The step's stored name. */
  public String name() {
    return name;
  }

  /** Its retry schedule. */
  public RetryPolicy retry() {
    return retry;
  }

  /** Its per-attempt deadline in milliseconds; 0 = none. */
  public long timeoutMs() {
    return timeoutMs;
  }

  /**
   * A dispatched step's longest wait in the queue before a worker picks its task up, in
   * milliseconds; 0 = the same as {@link #timeoutMs()}.
   */
  public long pickupTimeoutMs() {
    return pickupTimeoutMs;
  }

  /** Its stored parameters, in order ({@code StepContext} excluded). */
  public List<Payload> params() {
    return params;
  }

  /** Its result. */
  public Payload result() {
    return result;
  }

  /**
   * Whether {@code error} may be retried: not if it is {@link NonRetryable} (as {@code FatalError}
   * is) or an instance of a class listed in {@code @Step(nonRetryable = ...)}.
   */
  public boolean isRetryable(Throwable error) {
    return !(error instanceof NonRetryable) && !nonRetryable.test(error);
  }

  @Override
  public String toString() {
    return "step '" + name + "'";
  }

  /** Builds a {@link StepType}. */
  public static final class Builder<T> {
    private final String name;
    private RetryPolicy retry = RetryPolicy.NONE;
    private long timeoutMs;
    private long pickupTimeoutMs;
    private final List<Payload> params = new ArrayList<>();
    private Payload result;
    private Predicate<Throwable> nonRetryable = error -> false;
    private long remoteRedispatchMs;
    private int remoteRedispatchMax = 10;
    private String queue = "";
    private String compensation;

    private Builder(String name) {
      this.name = Objects.requireNonNull(name, "name");
    }

    /** Sets the retry schedule; one attempt by default. */
    public Builder<T> retry(RetryPolicy retry) {
      this.retry = Objects.requireNonNull(retry, "retry");
      return this;
    }

    /** Sets the per-attempt deadline in milliseconds; 0 = none. */
    public Builder<T> timeoutMs(long timeoutMs) {
      if (timeoutMs < 0) {
        throw new IllegalArgumentException("timeoutMs must not be negative, but was " + timeoutMs);
      }
      this.timeoutMs = timeoutMs;
      return this;
    }

    /**
     * Sets a dispatched step's longest wait in the queue before a worker picks its task up, in
     * milliseconds; 0 = the same as {@code timeoutMs}.
     */
    public Builder<T> pickupTimeoutMs(long pickupTimeoutMs) {
      if (pickupTimeoutMs < 0) {
        throw new IllegalArgumentException(
            "pickupTimeoutMs must not be negative, but was " + pickupTimeoutMs);
      }
      this.pickupTimeoutMs = pickupTimeoutMs;
      return this;
    }

    /** Adds a parameter. */
    public Builder<T> param(String paramName, JavaType type) {
      params.add(new Payload(paramName, type, false));
      return this;
    }

    /** Adds a parameter whose type carries Jakarta constraints. */
    public Builder<T> validatedParam(String paramName, JavaType type) {
      params.add(new Payload(paramName, type, true));
      return this;
    }

    /** Sets the result type. */
    public Builder<T> result(JavaType type) {
      result = new Payload("result", type, false);
      return this;
    }

    /** Sets a result type that carries Jakarta constraints: an invalid result fails the step. */
    public Builder<T> validatedResult(JavaType type) {
      result = new Payload("result", type, true);
      return this;
    }

    /** Errors that fail the step at once, as listed in {@code @Step(nonRetryable = ...)}. */
    public Builder<T> nonRetryable(Predicate<Throwable> nonRetryable) {
      this.nonRetryable = Objects.requireNonNull(nonRetryable, "nonRetryable");
      return this;
    }

    /**
     * Gives a dispatched step's task up as lost once it has gone unanswered for {@code ms}, and
     * delivers it again, at most {@code max} times.
     */
    public Builder<T> remoteRedispatch(long ms, int max) {
      if (ms < 0 || max < 1) {
        throw new IllegalArgumentException(
            "remoteRedispatch needs ms >= 0 and max >= 1, but was " + ms + " and " + max);
      }
      this.remoteRedispatchMs = ms;
      this.remoteRedispatchMax = max;
      return this;
    }

    /** Makes each attempt take a slot of flow-control queue {@code queue}. */
    public Builder<T> queue(String queue) {
      this.queue = Objects.requireNonNull(queue, "queue");
      return this;
    }

    /**
     * Names the step that undoes this one when the run fails for good: the workflow's {@link
     * dev.durable.runtime.spi.DurableWorkflow#compensate} calls it.
     */
    public Builder<T> compensatedBy(String step) {
      this.compensation = Objects.requireNonNull(step, "step");
      return this;
    }

    public StepType<T> build() {
      return new StepType<>(this);
    }
  }
}
