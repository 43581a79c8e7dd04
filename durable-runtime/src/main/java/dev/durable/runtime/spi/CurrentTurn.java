package dev.durable.runtime.spi;

import java.util.concurrent.Callable;

/**
 * The one piece of per-thread state: the turn the current thread is executing, read by generated
 * step overrides. The engine sets it around a turn, clears it around a step's body (so that a step
 * calling another step method just calls it), and hands it on explicitly to parallel branches.
 */
public final class CurrentTurn {
  private static final ThreadLocal<Turn> CURRENT = new ThreadLocal<>();

  private CurrentTurn() {}

  /** The turn this thread executes, or {@code null} outside of one. */
  public static Turn get() {
    return CURRENT.get();
  }

  /** Runs {@code body} with {@code turn} as the current turn ({@code null}: none), then restores. */
  public static <T> T with(Turn turn, Callable<T> body) throws Exception {
    Turn previous = CURRENT.get();
    CURRENT.set(turn);
    try {
      return body.call();
    } finally {
      if (previous == null) {
        CURRENT.remove();
      } else {
        CURRENT.set(previous);
      }
    }
  }
}
