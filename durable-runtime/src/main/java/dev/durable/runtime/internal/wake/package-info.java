/**
 * <b>Internal: not part of Durable's API.</b> Its classes may change or go in any release; use
 * {@code dev.durable.runtime} and the generated classes instead.
 *
 * <p>The wake-ups: every way an engine or a worker learns that something may be due goes through
 * {@link Wakeups}, implemented by {@link EngineWakeups} and {@link WorkerWakeups}, which route each
 * to its sources: the engine's {@link Timers} (with {@code ClaimsAhead}, which claims a sleeping
 * run back just ahead of its time), the engines and workers of this process ({@link
 * ProcessWakeups}), the database's notifications, and the {@link PollLoop} that engines and
 * workers share and that finds whatever a hint missed. {@link HandBackTarget} is an engine as a
 * worker of its process hands a run back to it. See docs/internals.md, "Wake-ups".
 */
package dev.durable.runtime.internal.wake;
