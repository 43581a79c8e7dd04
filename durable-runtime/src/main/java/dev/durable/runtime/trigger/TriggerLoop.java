package dev.durable.runtime.trigger;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * A trigger's consuming loop, as every broker's trigger starts and stops it: started on the
 * engine's start (once: a second start does nothing), refused once the trigger is closed, and
 * stopped on close outside the lock, so that a loop finishing its message in hand never waits for
 * a start that waits for it. The loop itself (how it fetches, acknowledges, holds back) is the
 * broker's.
 */
public final class TriggerLoop {
  /** A broker's running loop, as its trigger stops it. */
  @FunctionalInterface
  public interface Running {
    /** Stops the loop and waits, for a bounded time, for the message in hand. */
    void stop();
  }

  private final String trigger;
  /** The running loop, once started; guarded by this. */
  private Running running;
  private boolean closed;

  /** The loop of trigger {@code trigger}, as messages name it. */
  public TriggerLoop(String trigger) {
    this.trigger = Objects.requireNonNull(trigger, "trigger");
  }

  /**
   * Starts the loop with {@code start}, unless it runs already.
   *
   * @throws IllegalStateException if the trigger was closed, or as {@code start} throws
   */
  public synchronized void start(Supplier<? extends Running> start) {
    if (closed) {
      throw new IllegalStateException("trigger " + trigger + " was closed; build a new one");
    }
    if (running == null) {
      running = Objects.requireNonNull(start.get(), "the started loop");
    }
  }

  /** Stops the loop, if it was started, and refuses any later start. */
  public void close() {
    Running stopping;
    synchronized (this) {
      closed = true;
      stopping = running;
      running = null;
    }
    if (stopping != null) {
      stopping.stop();
    }
  }
}
