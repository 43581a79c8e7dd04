package dev.durable.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a method of a {@link Workflow} class as the route for one error code: when the {@link Run}
 * method ends with a failure of that code (a {@code FatalError}'s code, or the engine's, such as
 * {@code step_failed}), the route runs as part of the run, calling steps as {@code @Run} does, and
 * its result completes the run instead of the failure.
 *
 * <pre>{@code
 * @OnError(code = "declined")                    // its result completes the run
 * protected String declined(WorkflowContext ctx, Expense e, RunError error) { ... }
 * }</pre>
 *
 * <p>Its parameters are an optional {@code WorkflowContext}, then the {@code @Run} method's stored
 * inputs in order, then an optional {@code RunError} (the failure); it returns what {@code @Run}
 * returns. It must not be private or static. Each code has at most one route.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface OnError {

  /** The error code the route takes: {@code RunError.code()} of the run's failure. */
  String code();
}
