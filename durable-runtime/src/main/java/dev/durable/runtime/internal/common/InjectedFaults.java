package dev.durable.runtime.internal.common;

import java.util.Optional;

/**
 * The gate every step attempt of an engine or a worker passes as it begins: empty, unless a test
 * kit injected faults through {@link TestHooks}, whose next error for the step the attempt then
 * throws instead of running. The injected faults come after the engine is built, before the test
 * drives it, so they are read here afresh at each attempt.
 */
public final class InjectedFaults {
  private volatile AttemptGate faults;

  public void inject(AttemptGate faults) {
    this.faults = faults;
  }

  /** The error the attempt of {@code step} beginning now throws instead of running, if any. */
  public Optional<Exception> takeNext(String step) {
    AttemptGate current = faults;
    return current == null ? Optional.empty() : current.takeNext(step);
  }

  /** Throws the error injected for the attempt of {@code step} beginning now, if any. */
  public void throwInjected(String step) throws Exception {
    Optional<Exception> injected = takeNext(step);
    if (injected.isPresent()) {
      throw injected.get();
    }
  }
}
