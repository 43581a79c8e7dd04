package dev.durable.tests.support;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * Scripts the steps of test workflows: every step calls {@link #enter(String)} first, which records
 * the execution and throws while failures are scheduled for that step.
 */
public final class Script {
  private final Recorder executions = new Recorder();
  private final Map<String, AtomicInteger> failuresLeft = new ConcurrentHashMap<>();
  private final Map<String, Supplier<? extends RuntimeException>> errors = new ConcurrentHashMap<>();
  private final Map<String, List<Instant>> entered = new ConcurrentHashMap<>();
  private final Map<String, Runnable> onEnter = new ConcurrentHashMap<>();

  /** The next {@code times} executions of {@code step} throw an ordinary exception. */
  public Script failTimes(String step, int times) {
    return failWith(step, times, () -> new IllegalStateException(step + " is unavailable"));
  }

  /** The next {@code times} executions of {@code step} throw what {@code error} makes. */
  public Script failWith(String step, int times, Supplier<? extends RuntimeException> error) {
    failuresLeft.put(step, new AtomicInteger(times));
    errors.put(step, error);
    return this;
  }

  /** Runs {@code action} at each execution of {@code step}, as it begins: to look at the world. */
  public Script onEnter(String step, Runnable action) {
    onEnter.put(step, action);
    return this;
  }

  /** Records an execution of {@code step}, and throws if a failure is scheduled. */
  public void enter(String step) {
    entered.computeIfAbsent(step, name -> new CopyOnWriteArrayList<>()).add(Instant.now());
    executions.record(step);
    onEnter.getOrDefault(step, () -> {}).run();
    AtomicInteger left = failuresLeft.get(step);
    if (left != null && left.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
      throw errors.get(step).get();
    }
  }

  /** How many times {@code step} executed. */
  public long executions(String step) {
    return executions.count(step);
  }

  /** When each execution of {@code step} began, by the system clock, in order. */
  public List<Instant> entered(String step) {
    return List.copyOf(entered.getOrDefault(step, List.of()));
  }

  /** Every execution, in order. */
  public Recorder recorder() {
    return executions;
  }
}
