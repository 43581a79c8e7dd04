package dev.durable.runtime.spi;

/**
 * The user's body of a {@code @Signal} method: what the wait returns when no signal came within
 * its limit. The generated override's call to the user's method.
 */
@FunctionalInterface
public interface SignalBody<T> {
  T run() throws Exception;
}
