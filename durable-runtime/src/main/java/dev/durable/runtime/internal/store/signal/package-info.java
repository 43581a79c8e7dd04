/**
 * <b>Internal: not part of Durable's API.</b> Its classes may change or go in any release; use
 * {@code dev.durable.runtime} and the generated classes instead.
 *
 * <p>Signals: {@link SignalQueue} sends one (the run locked, the signal stored and the run woken
 * in one commit) and reads the next one a wait may take, over the catalogue {@link SignalsTable};
 * {@link WorkflowSignalsTable} keeps the signal names each workflow version declares.
 */
package dev.durable.runtime.internal.store.signal;
