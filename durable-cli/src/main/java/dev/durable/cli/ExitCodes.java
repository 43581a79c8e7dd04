package dev.durable.cli;

/**
 * The exit codes of {@code durable-cli}, the same for every command, for scripts to rely on.
 * Shown at the end of {@code --help}.
 */
public final class ExitCodes {
  /** The command did what it was asked. */
  public static final int OK = 0;
  /**
   * The store refused the operation, or there was nothing to do it on: an unknown run, a requeue
   * of a run that has not failed, a cancel or a signal of a run that has ended, a signal the engine
   * rejects, a change the database role has no right to make (a viewer's read-only role).
   */
  public static final int REFUSED = 1;
  /** The command line is wrong: an unknown command or option, a bad value, no database named. */
  public static final int USAGE = 2;
  /** The database cannot be reached, holds no Durable store, or failed a statement. */
  public static final int DATABASE = 3;
  /** An unexpected error: a bug in durable-cli or the engine (the stack trace is printed). */
  public static final int BUG = 4;

  /** The lines {@code --help} ends with. */
  static final String HELP =
      "%nExit codes:%n"
          + "  0  done%n"
          + "  1  refused: unknown run, requeue of a run that has not failed, cancel%n"
          + "     or signal of a run that has ended, a value the engine rejects,%n"
          + "     a change the database role may not make (a read-only role)%n"
          + "  2  usage: unknown command or option, bad value, no database named%n"
          + "  3  database: cannot connect, no store there, or a statement failed%n"
          + "  4  unexpected error (a bug; the stack trace is printed)%n";

  private ExitCodes() {}
}
