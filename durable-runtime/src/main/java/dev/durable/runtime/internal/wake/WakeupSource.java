package dev.durable.runtime.internal.wake;

/**
 * One source of an engine's wake-ups, owned by its {@link EngineWakeups}: the in-process timers
 * ({@link Timers}) and the database's notifications ({@link DatabaseNotifications}). A source
 * turns what it learns into the engine's {@link EngineSignals} (or, for a timer's claim ahead, a
 * claim by id); it starts and stops with the engine.
 */
interface WakeupSource extends AutoCloseable {
  /** Starts the source; does nothing if started already. */
  void start();

  /** Stops the source. */
  @Override
  void close();
}
