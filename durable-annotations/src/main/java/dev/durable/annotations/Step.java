package dev.durable.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a checkpointed step of a {@link Workflow}. Called from the {@link Run} method, the step runs
 * at most until it succeeds once: its result is stored, and replays return the stored result
 * without calling the method again.
 *
 * <p>A failed attempt is retried while attempts remain. The delay before attempt {@code n+1} is
 * computed from {@link #backoff()} and {@link #backoffMs()}, capped by {@link #backoffMaxMs()},
 * then jittered to a random point in 50–100 % of itself when {@link #jitter()} is set, then clamped
 * to 2³¹−1 ms. An exception that is marked non-retryable (a {@code FatalError}, or a class listed in
 * {@link #nonRetryable()}) fails the step at once.
 *
 * <p>The method may take a {@code StepContext} as its first parameter; it is not part of the stored
 * input, and callers pass {@code null} for it (the engine supplies the real one).
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Step {

  /** The step's stored name; defaults to the method name. Letters, digits and {@code . _ : -}. */
  String name() default "";

  /** The maximum number of attempts, the first included: 1 (the default) means no retry. */
  int retries() default 1;

  /** How the delay between attempts grows. */
  Backoff backoff() default Backoff.EXP;

  /** The base delay between attempts in milliseconds; 0 retries at once. */
  long backoffMs() default 1000;

  /** The largest delay between attempts in milliseconds; 0 means no cap. */
  long backoffMaxMs() default 0;

  /** Whether each delay becomes a random point in 50–100 % of its value. */
  boolean jitter() default false;

  /**
   * On a local step, the deadline of each attempt in milliseconds; 0 means none. An attempt past it
   * is cancelled (its thread interrupted, its {@code StepContext} cancelled) and counts as one
   * failed attempt. On a contract step, the liveness window: the longest its worker may stay silent
   * (no outcome, no heartbeat) before the task is given up and the step dispatched again.
   */
  long timeoutMs() default 0;

  /**
   * The longest a dispatched (remote) step with a {@code timeoutMs} may wait in the queue before a
   * worker picks it up; 0 means {@code timeoutMs}.
   */
  long pickupTimeoutMs() default 0;

  /**
   * Contract steps only: how long a dispatched task may go unanswered before it is given up as lost
   * and delivered again (its worker died, say); 0, the default, waits for ever. A worker renews it
   * with heartbeats.
   */
  long remoteRedispatchMs() default 0;

  /** Contract steps only: how many times a lost task is delivered again before the step fails. */
  int remoteRedispatchMax() default 10;

  /**
   * Local steps only: the flow-control queue whose slots the step's attempts take, at most as many
   * at once on an engine as {@code DurableEngine.builder().queue(name, concurrency)} allows; empty
   * means none. A name is letters, digits, '.', '_' and '-'.
   */
  String queue() default "";

  /**
   * Workflow steps only: the name of the {@code @Step} method of the same workflow that undoes this
   * step, a compensation; empty (the default) means none. When the run fails for good and no
   * {@code @OnError} route takes its failure, the compensations of its completed steps run, the
   * last completed first, each a checkpointed step with its own retries; then the {@code
   * @OnFailure} method, if any, and the run fails with its original error. The compensation takes
   * this step's parameters followed by its result (unless this step is void), may take a {@code
   * StepContext} first, and has no {@code compensate} of its own.
   */
  String compensate() default "";

  /**
   * Exceptions that fail the step at once instead of being retried (subclasses included). A checked
   * exception listed here must be one the method declares it throws.
   */
  Class<? extends Throwable>[] nonRetryable() default {};
}
