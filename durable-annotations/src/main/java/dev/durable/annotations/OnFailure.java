package dev.durable.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks the one method of a {@link Workflow} class that cleans up after the run failed for good
 * (no {@link OnError} route took the failure): it runs once, as part of the run, calling steps as
 * {@code @Run} does, and the run then fails with its original error. A failure of the clean-up is
 * logged and added to the run's error message; it never hides the run's error.
 *
 * <pre>{@code
 * @OnFailure
 * protected void cleanup(WorkflowContext ctx, Expense e, RunError error) { ... }
 * }</pre>
 *
 * <p>Its parameters are an optional {@code WorkflowContext}, then the {@code @Run} method's stored
 * inputs in order, then an optional {@code RunError} (the failure); it returns nothing. It must not
 * be private or static.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface OnFailure {}
