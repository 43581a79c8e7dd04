package dev.durable.runtime;

import java.time.Duration;
import java.util.Objects;

/**
 * The options of {@link DurableEngine.Builder} that say how a started engine runs: on which
 * threads, how often it polls, how long its leases last, how long it keeps ended runs and waits
 * for its turns at close, and the triggers it starts with it. A class of their own beside the
 * {@link FlowControlOptions}; package-private, so that its methods show as the builder's own.
 *
 * @param <B> the builder
 */
abstract class RunningOptions<B extends RunningOptions<B>> extends FlowControlOptions<B> {
  RunningOptions() {}

  /**
   * Whether runs and local steps' attempts execute on virtual threads where the JVM has them
   * (Java 21+); true by default. False keeps one platform thread per run in flight, for code that
   * must not run on a virtual thread (a library that pins its carrier across slow calls, say).
   */
  public B virtualThreads(boolean virtualThreads) {
    draft.virtualThreads = virtualThreads;
    return self();
  }

  /**
   * How often a started engine looks for due runs it was not told about; 1 s by default. Runs due
   * within five minutes of being suspended here are woken on time regardless.
   */
  public B pollInterval(Duration pollInterval) {
    draft.pollInterval = Checks.positive(pollInterval, "pollInterval");
    return self();
  }

  /** How long a run stays leased without renewal (renewed every third); 30 s by default. */
  public B leaseDuration(Duration leaseDuration) {
    draft.leaseDuration = Checks.positive(leaseDuration, "leaseDuration");
    return self();
  }

  /** How long runs are kept once ended ({@link EngineConfig#retention}); for ever by default. */
  public B retention(Duration retention) {
    draft.retention = Checks.positive(retention, "retention");
    return self();
  }

  /**
   * Adds a trigger: a broker module's consumer that starts a run per message (durable-nats'
   * {@code NatsTrigger}). A {@linkplain DurableEngine#start() started} engine starts its triggers
   * once its own polling is up, in the order added, and {@link DurableEngine#close()} stops them
   * first, before anything else; an engine driven by {@code tick()} never starts them.
   */
  public B trigger(TriggerDefinition trigger) {
    draft.triggers.add(Objects.requireNonNull(trigger, "trigger"));
    return self();
  }

  /** How long {@link DurableEngine#close()} waits for turns in flight; 10 s by default. */
  public B shutdownTimeout(Duration shutdownTimeout) {
    draft.shutdownTimeout = Objects.requireNonNull(shutdownTimeout, "shutdownTimeout");
    return self();
  }
}
