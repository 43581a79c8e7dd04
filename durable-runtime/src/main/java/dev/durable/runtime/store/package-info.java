/**
 * All of Durable's SQL ({@link dev.durable.runtime.store.Store}) and the records it reads and
 * writes. The schema is created by Flyway from {@code db/durable/common}; it changes only through
 * new migrations.
 */
package dev.durable.runtime.store;
