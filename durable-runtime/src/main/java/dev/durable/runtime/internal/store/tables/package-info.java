/**
 * <b>Internal: not part of Durable's API.</b> Its classes may change or go in any release; use
 * {@code dev.durable.runtime} and the generated classes instead.
 *
 * <p>Every catalogue of Durable's tables in one schema, each built once ({@link Tables#in}): the
 * record the composition ({@code store.Stores}) takes each concern store's catalogues from, and
 * the dialect ({@code store.dialect}) its steps', which span many tables. It names the concern
 * rooms' catalogues; nothing in the concern rooms names it: each of their classes is handed the
 * catalogues it uses.
 */
package dev.durable.runtime.internal.store.tables;
