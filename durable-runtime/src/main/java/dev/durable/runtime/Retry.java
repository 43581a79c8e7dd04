package dev.durable.runtime;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * Per-call overrides of a step's declared retry policy, from a workflow's {@code @Run} method:
 *
 * <pre>{@code
 * Quote quote = Retry.with(RetryPolicy.of(8, Backoff.FIXED, 250, 0, false),
 *     () -> pricing.quote(order));
 * }</pre>
 *
 * <p>Every step the call makes (local or dispatched, a fan's branches included) retries by the
 * given policy; the rest of the step's declaration (its name, timeouts, non-retryable errors)
 * stands. The override is code, so each replay applies it again; the attempts already made count
 * against it. Outside a run the call is simply made.
 */
public final class Retry {
  private Retry() {}

  /** Makes {@code call}, whose steps retry by {@code policy}, and returns its result. */
  public static <R> R with(RetryPolicy policy, Supplier<R> call) {
    return Loaded.RUNNER.with(Objects.requireNonNull(policy, "policy"), call);
  }

  /** {@link #with(RetryPolicy, Supplier)} for a call without a result. */
  public static void with(RetryPolicy policy, Runnable call) {
    with(policy, () -> {
      call.run();
      return null;
    });
  }

  /**
   * Makes calls whose steps retry by another policy: the runtime's implementation, found in {@code
   * META-INF/services} as the engine is, which reaches the run executing on the calling thread.
   * Not for users: call {@link Retry#with}.
   */
  public interface Runner {
    /**
     * Makes {@code call} with each step it makes in the run executing on the calling thread
     * retrying by {@code policy}; outside a run, simply makes it.
     */
    <R> R with(RetryPolicy policy, Supplier<R> call);
  }

  /** The runner, found when a call is first made. */
  private static final class Loaded {
    static final Runner RUNNER = Providers.load(Runner.class);
  }
}
