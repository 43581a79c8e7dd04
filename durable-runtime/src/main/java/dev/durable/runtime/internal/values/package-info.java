/**
 * <b>Internal: not part of Durable's API.</b> Its classes may change or go in any release; use
 * {@code dev.durable.runtime} and the generated classes instead.
 *
 * <p>What runs publish for readers outside them: the events they set and the values they write to
 * their streams ({@link RunValueWrites}, recorded as checkpoints and written with the turn's
 * commit), and their searchable attributes ({@link RecordedAttributes}). {@link RunValueReads}
 * reads events and streams for {@code RunHandle}, waiting on {@link RunValueWatches} (woken by this
 * process's commits and the database's notifications), and tries again through outages ({@code
 * ReaderRetries}). The store's side is {@code store.values}.
 */
package dev.durable.runtime.internal.values;
