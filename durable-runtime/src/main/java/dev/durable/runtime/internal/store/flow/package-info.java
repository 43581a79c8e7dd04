/**
 * <b>Internal: not part of Durable's API.</b> Its classes may change or go in any release; use
 * {@code dev.durable.runtime} and the generated classes instead.
 *
 * <p>Flow control's tables: the queues of runs ({@link QueueAdmissions}: their declarations and
 * admissions, over the catalogue {@link QueuesTable}; {@code RunDebounces} folds a debounced start
 * into the run that waits; {@code QueueViews} is the operators' read) and the slots and rate
 * permits of step attempts' queues across engines ({@link QueueSlots}, over {@link
 * QueueSlotsTable}).
 */
package dev.durable.runtime.internal.store.flow;
