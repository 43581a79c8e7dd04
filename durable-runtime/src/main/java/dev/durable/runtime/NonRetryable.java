package dev.durable.runtime;

/**
 * Marks an exception type whose throw fails a step at once instead of being retried. {@link
 * FatalError} implements it; implement it on your own exceptions, or list them in {@code
 * @Step(nonRetryable = ...)}.
 */
public interface NonRetryable {}
