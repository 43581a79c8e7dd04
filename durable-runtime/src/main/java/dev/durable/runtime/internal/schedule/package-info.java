/**
 * <b>Internal: not part of Durable's API.</b> Its classes may change or go in any release; use
 * {@code dev.durable.runtime} and the generated classes instead.
 *
 * <p>{@code @Schedule}: {@link Schedules} fires the schedules of the registered workflows at each
 * poll and tick, one transaction per schedule through the store ({@code store.schedule}); {@link
 * CronSchedule} reads a cron expression and walks its fire times.
 */
package dev.durable.runtime.internal.schedule;
