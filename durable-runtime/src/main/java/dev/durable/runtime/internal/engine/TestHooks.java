package dev.durable.runtime.internal.engine;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.DurableWorker;
import dev.durable.runtime.internal.common.AttemptGate;
import dev.durable.runtime.internal.worker.DefaultWorker;
import java.util.Objects;

/**
 * The way in for the test kit ({@code durable-test}): what it injects into engines and workers
 * that the public builders do not offer, since production code has no use for it. Not API; the
 * test kit's {@code StepFaults} and {@code TestClock} are (a {@link ManualClock} needs no hook: it
 * is the engine's clock).
 */
public final class TestHooks {
  private TestHooks() {}

  /**
   * Makes the local steps' attempts of {@code engine} throw the errors {@code faults} hands over;
   * replaces the faults injected before, if any.
   *
   * @throws IllegalArgumentException if {@code engine} was not built by {@code
   *     DurableEngine.builder()}
   */
  public static void injectFaults(DurableEngine engine, AttemptGate faults) {
    Objects.requireNonNull(faults, "faults");
    if (!(engine instanceof DefaultEngine built)) {
      throw new IllegalArgumentException("engine " + engine.getClass().getName()
          + " was not built by DurableEngine.builder(); inject faults into one that was");
    }
    built.faults.inject(faults);
  }

  /**
   * Makes the attempts served by {@code worker} throw the errors {@code faults} hands over;
   * replaces the faults injected before, if any.
   *
   * @throws IllegalArgumentException if {@code worker} was not built by {@code
   *     DurableWorker.builder()}
   */
  public static void injectFaults(DurableWorker worker, AttemptGate faults) {
    Objects.requireNonNull(faults, "faults");
    if (!(worker instanceof DefaultWorker built)) {
      throw new IllegalArgumentException("worker " + worker.getClass().getName()
          + " was not built by DurableWorker.builder(); inject faults into one that was");
    }
    built.faults.inject(faults);
  }
}
