package dev.durable.cli;

/** An operation the store refused, or found nothing to do on: exit code {@link ExitCodes#REFUSED}. */
final class Refused extends RuntimeException {
  private static final long serialVersionUID = 1L;

  Refused(String message) {
    super(message);
  }
}
