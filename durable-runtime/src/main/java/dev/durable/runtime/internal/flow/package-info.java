/**
 * <b>Internal: not part of Durable's API.</b> Its classes may change or go in any release; use
 * {@code dev.durable.runtime} and the generated classes instead.
 *
 * <p>Flow control on the engine: {@link Admissions} admits the runs queued in the queues the
 * engine declares, at each poll and tick before the claim; {@link Queues} gives each attempt of a
 * step declared {@code @Step(queue = name)} a slot, its {@code perEngine} limit a semaphore here
 * and its limits across engines through {@link SharedSlots} (slots and permits kept in the
 * database, leased to this engine), and parks a run whose queue is full until a slot frees.
 * Debounce, deduplication and delay are decided where a run is started ({@code run.RunStarts});
 * the store's side is {@code store.flow}. See docs/internals.md, "Flow control".
 */
package dev.durable.runtime.internal.flow;
