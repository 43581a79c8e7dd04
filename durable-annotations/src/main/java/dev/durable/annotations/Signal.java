package dev.durable.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a method of a {@link Workflow} class as a typed signal: calling it inside the {@link Run}
 * method waits durably (the run sleeps in storage, holding no thread, and survives restarts) for the
 * next signal of this name sent to the run, and returns its value. The generated {@code
 * <Name>Client} has a method of the same Java name that sends it: {@code
 * ExpenseWorkflowClient.of(engine).decision(runId, value)}.
 *
 * <pre>{@code
 * @Signal
 * protected Decision decision(Duration wait) {   // the Duration parameter is optional
 *   return Decision.timedOut();                  // runs only when no signal came within `wait`
 * }
 * }</pre>
 *
 * <p>The method returns a storable type (not {@code void}) and takes no parameter (wait without
 * limit) or one {@link java.time.Duration} (the longest wait). It must not be private, static or
 * final: the generated subclass overrides it. Its body runs only when no signal came within the
 * wait, and its result is then recorded, as a step's is. Signals sent before the run waits, even
 * while it is {@code PENDING}, are kept in order, and each wait takes the next one.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Signal {

  /**
   * The signal's stored name, unique among the workflow's steps and signals; defaults to the
   * method's name. Renaming it strands the signals already sent under the old name.
   */
  String name() default "";
}
