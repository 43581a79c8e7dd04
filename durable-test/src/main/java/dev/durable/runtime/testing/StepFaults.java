package dev.durable.runtime.testing;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.DurableWorker;
import dev.durable.runtime.internal.common.AttemptGate;
import dev.durable.runtime.internal.engine.TestHooks;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Errors to throw in place of steps' next attempts, for tests of retries, backoff, error routes and
 * compensation: inject one instance into the engine ({@link #injectInto(DurableEngine)}, local
 * steps) and into its workers ({@link #injectInto(DurableWorker)}, dispatched steps), then {@link
 * #failNextAttempt} a step. Its next attempt, wherever it runs, throws the error instead of running
 * the step, and counts as an attempt like any other: a retryable error is retried on the step's
 * backoff, a {@code FatalError}, a {@code NonRetryable} error or one the step lists in {@code
 * nonRetryable} fails it at once.
 *
 * <pre>{@code
 * StepFaults faults = new StepFaults();
 * DurableEngine engine = DurableEngine.builder().inMemory()...build();
 * faults.injectInto(engine);
 * faults.failNextAttempt("charge", new IllegalStateException("gateway timeout"));
 * }</pre>
 *
 * <p>The {@code durable-test} kit's {@code DurableTestEnv.failNextAttempt} sets this up for you.
 * Thread-safe.
 */
public final class StepFaults implements AttemptGate {
  private final Map<String, Queue<Exception>> pending = new ConcurrentHashMap<>();

  /**
   * Has the local steps' attempts of {@code engine} throw the errors given to {@link
   * #failNextAttempt}, from now on, instead of those of any instance injected before. The engine's
   * builder offers no such option: production code has no use for it.
   *
   * @return this
   * @throws IllegalArgumentException if {@code engine} was not built by {@code
   *     DurableEngine.builder()}
   */
  public StepFaults injectInto(DurableEngine engine) {
    TestHooks.injectFaults(engine, this);
    return this;
  }

  /**
   * Has the attempts that {@code worker} serves throw the errors given to {@link
   * #failNextAttempt}, from now on, instead of those of any instance injected before.
   *
   * @return this
   * @throws IllegalArgumentException if {@code worker} was not built by {@code
   *     DurableWorker.builder()}
   */
  public StepFaults injectInto(DurableWorker worker) {
    TestHooks.injectFaults(worker, this);
    return this;
  }

  /**
   * Makes the next attempt of step {@code step} (its name as stored: the method's name, or {@code
   * @Step(name = ...)}) throw {@code error} instead of running. Called again for the same step, the
   * errors are thrown by its following attempts, in order.
   */
  public void failNextAttempt(String step, Exception error) {
    Objects.requireNonNull(step, "step");
    Objects.requireNonNull(error, "error");
    pending.computeIfAbsent(step, name -> new ConcurrentLinkedQueue<>()).add(error);
  }

  /**
   * The error that the attempt of {@code step} beginning now must throw instead of running, which
   * it consumes; empty when none is pending. Engines and workers call this as an attempt begins.
   */
  @Override
  public Optional<Exception> takeNext(String step) {
    Queue<Exception> errors = pending.get(step);
    return errors == null ? Optional.empty() : Optional.ofNullable(errors.poll());
  }

  /** How many injected errors of {@code step} no attempt has thrown yet. */
  public int pending(String step) {
    Queue<Exception> errors = pending.get(step);
    return errors == null ? 0 : errors.size();
  }
}
