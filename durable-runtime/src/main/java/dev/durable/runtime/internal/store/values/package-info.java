/**
 * <b>Internal: not part of Durable's API.</b> Its classes may change or go in any release; use
 * {@code dev.durable.runtime} and the generated classes instead.
 *
 * <p>What runs publish: the events they set and their streams ({@link RunValuesTable}, read and
 * listened for through {@link StoredValues}; written with a turn's progress), and their searchable
 * attributes ({@link AttributesTable}, {@link StoredAttributes}).
 */
package dev.durable.runtime.internal.store.values;
