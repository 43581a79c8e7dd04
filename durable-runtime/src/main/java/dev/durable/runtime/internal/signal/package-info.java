/**
 * <b>Internal: not part of Durable's API.</b> Its classes may change or go in any release; use
 * {@code dev.durable.runtime} and the generated classes instead.
 *
 * <p>Typed signals: {@link SignalSender} validates, encodes and stores a signal and wakes its run;
 * {@link SignalWaits} is a turn's wait for one, which takes the oldest untaken signal of its name
 * in the turn's fenced commit. The store's side is {@code store.signal}.
 */
package dev.durable.runtime.internal.signal;
