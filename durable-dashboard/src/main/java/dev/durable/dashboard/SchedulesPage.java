package dev.durable.dashboard;

import dev.durable.runtime.StoredSchedule;
import java.util.List;

/**
 * The schedules stored in the database ({@code /schedules}, {@code schedules.jte}), whichever
 * engines registered them, each with its next fire times and a link to the runs it started.
 */
record SchedulesPage(List<StoredSchedule> schedules) {}
