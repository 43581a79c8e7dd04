package dev.durable.dashboard;

import dev.durable.runtime.TaskQueueInfo;
import dev.durable.runtime.WorkerInfo;
import java.time.Instant;
import java.util.List;

/**
 * The workers and their queues ({@code /workers}, {@code workers.jte}): each worker that holds a
 * task or finished one within the last hour, and per step served by workers, its queued and
 * running tasks.
 */
record WorkersPage(List<WorkerInfo> workers, List<TaskQueueInfo> queues, Instant now) {}
