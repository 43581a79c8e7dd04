package dev.durable.runtime.internal.common;

import java.util.Optional;

/**
 * Errors a test injects in place of steps' attempts, as the engines and workers ask for them: as
 * each step attempt begins, it may hand over an error for the attempt to throw instead of running,
 * which then counts as an attempt like any other. {@code dev.durable.runtime.testing.StepFaults}
 * (in {@code durable-test}) is the one the test kit gives them, through {@link TestHooks}.
 * Implementations are called from many threads at once.
 */
public interface AttemptGate {

  /**
   * The error that the attempt of {@code step} (its stored name) beginning now must throw instead
   * of running, consumed by this call; empty when the attempt runs.
   */
  Optional<Exception> takeNext(String step);
}
