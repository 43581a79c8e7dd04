/**
 * <b>Internal: not part of Durable's API.</b> Its classes may change or go in any release; use
 * {@code dev.durable.runtime} and the generated classes instead.
 *
 * <p>The engine's time and threads: {@link Time} (its clock, which a test's {@link ManualClock}
 * moves by hand, and the timers that follow it), {@link Jitter} (the random part of backoffs),
 * {@link Threads} (daemon threads with an empty MDC, the executors runs and attempts run on) and
 * {@link VirtualThreads} (found at run time, on Java 21 and later).
 */
package dev.durable.runtime.internal.time;
