package dev.durable.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The container of repeated {@link Schedule} annotations; write the {@code @Schedule}s themselves
 * instead.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Schedules {

  /** The schedules, in declaration order. */
  Schedule[] value();
}
