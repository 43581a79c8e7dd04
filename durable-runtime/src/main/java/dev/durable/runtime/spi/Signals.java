package dev.durable.runtime.spi;

import java.time.Duration;

/** The entry point of generated {@code @Signal} overrides. */
public final class Signals {
  private Signals() {}

  /**
   * Waits for the next {@code signal} sent to the current run, at most {@code wait} (null: without
   * limit), through the current turn; {@code onTimeout} gives the value when none came in time.
   * Outside of a run (a unit test calling the method, or a step calling it) no signal can come, so
   * {@code onTimeout} is called at once, as a step called outside of a run runs its body.
   */
  public static <T> T await(SignalType<T> signal, Duration wait, SignalBody<T> onTimeout) {
    Turn turn = CurrentTurn.get();
    if (turn != null) {
      return turn.signal(signal, wait, onTimeout);
    }
    try {
      return onTimeout.run();
    } catch (Exception e) {
      throw Steps.<RuntimeException>sneakyThrow(e);
    }
  }
}
