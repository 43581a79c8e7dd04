package dev.durable.runtime;

import java.util.Objects;

/**
 * An error that must not be retried: thrown from a step it fails the step at once, and thrown from
 * a workflow it fails the run. Its {@link #code()} lands on the run's structured error and on
 * {@link RunFailedException#code()}.
 */
public class FatalError extends RuntimeException implements NonRetryable {
  private static final long serialVersionUID = 1L;

  private final String code;

  /** A fatal error with a short stable code, such as {@code "declined"}. */
  public FatalError(String message, String code) {
    super(message);
    this.code = Objects.requireNonNull(code, "code");
  }

  /** A fatal error with the code {@code "fatal"}. */
  public FatalError(String message) {
    this(message, "fatal");
  }

  /** The short stable code of this error. */
  public String code() {
    return code;
  }
}
