/**
 * What the broker modules' tests share: {@link dev.durable.trigger.testing.TestStore} (a store of
 * one test, on H2 or on PostgreSQL where {@code DURABLE_PG_URL} names one), {@link
 * dev.durable.trigger.testing.CuttableDataSource}, the {@link
 * dev.durable.trigger.testing.OrderIntakeWorkflow} a message starts with its {@link
 * dev.durable.trigger.testing.Ledger}, {@link dev.durable.trigger.testing.Await}, and {@link
 * dev.durable.trigger.testing.KraftBroker} (a Kafka broker in the JVM).
 */
package dev.durable.trigger.testing;
