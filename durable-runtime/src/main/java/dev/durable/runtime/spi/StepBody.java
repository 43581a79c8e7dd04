package dev.durable.runtime.spi;

import dev.durable.runtime.StepContext;

/** One attempt of a step: the generated override's call to the user's method. */
@FunctionalInterface
public interface StepBody<T> {
  T run(StepContext context) throws Exception;
}
