package dev.durable.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks the entry point of a {@link Workflow}: exactly one per workflow class. Its parameters are
 * the run's input (an optional {@code WorkflowContext} first, not stored); its return value is the
 * run's result.
 *
 * <p>The method is re-executed from the top on every turn of a run, with completed steps answered
 * from their checkpoints, so it must be deterministic: make every call with side effects, wall-clock
 * reads or randomness a {@link Step}.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Run {

  /**
   * The longest a run may take, from its start (or its requeue) to its end, in milliseconds of the
   * engine's clock; 0 (the default) means no limit. A run still unfinished by then fails with code
   * {@code run_timeout}: a step attempt it is making is cancelled (its {@code StepContext} fires and
   * its thread is interrupted), its dispatched steps' open tasks are given up, and a run that was
   * waiting (a timer, a backoff, a worker) is woken at that instant to fail.
   */
  long timeoutMs() default 0;
}
