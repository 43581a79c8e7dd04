package dev.durable.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a class as a durable workflow: ordinary Java whose {@link Step} calls are checkpointed, so
 * that a run survives crashes, deploys and long waits.
 *
 * <p>The annotation processor validates the class at compile time and generates, in the same
 * package, {@code <Name>Durable} (the replay-safe subclass to register with the engine),
 * {@code <Name>Client} (the typed stub that starts runs) and {@code <Name>Codecs}. The class needs
 * exactly one {@link Run} method, must not be final, abstract, private or a non-static nested
 * class, and needs a constructor the generated subclass can call. One instance serves every run,
 * so it keeps no per-run state in fields.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Workflow {

  /**
   * The workflow's stored name. Defaults to the class's simple name. Letters, digits and
   * {@code . _ : -} only; at most 200 characters.
   */
  String name() default "";

  /**
   * The workflow's version. Runs are stored with it, and an engine only executes runs of the
   * versions registered with it. Same characters as {@link #name()}; at most 100 characters.
   */
  String version() default "1";
}
