package dev.durable.cli;

/** The store could not be opened: exit code {@link ExitCodes#DATABASE}. */
final class CannotConnect extends RuntimeException {
  private static final long serialVersionUID = 1L;

  CannotConnect(String message, Throwable cause) {
    super(message, cause);
  }
}
