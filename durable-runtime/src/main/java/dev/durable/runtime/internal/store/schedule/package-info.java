/**
 * <b>Internal: not part of Durable's API.</b> Its classes may change or go in any release; use
 * {@code dev.durable.runtime} and the generated classes instead.
 *
 * <p>Schedules: {@link StoredSchedules} registers them and fires them, one transaction per fire
 * ({@link ScheduleFires}, deciding with a {@link SchedulePlan}), over the catalogue {@link
 * SchedulesTable}.
 */
package dev.durable.runtime.internal.store.schedule;
