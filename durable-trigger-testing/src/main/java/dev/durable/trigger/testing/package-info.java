/**
 * What the broker modules' tests share: {@link dev.durable.trigger.testing.TestStore} (a store of
 * one test, on H2 or on PostgreSQL where {@code DURABLE_PG_URL} names one), {@link
 * dev.durable.trigger.testing.CuttableDataSource}, the {@link
 * dev.durable.trigger.testing.OrderIntakeWorkflow} a message starts with its {@link
 * dev.durable.trigger.testing.Ledger}, and {@link dev.durable.trigger.testing.Await}.
 */
package dev.durable.trigger.testing;
