package dev.durable.runtime;

import java.time.Instant;
import java.util.Optional;

/**
 * The open tasks of one step served by workers.
 *
 * @param step the step's name
 * @param queued tasks waiting for a worker
 * @param running tasks claimed by a worker that has not answered yet
 * @param oldestQueuedAt when the longest-waiting queued task was queued, if any is
 */
public record TaskQueueInfo(String step, int queued, int running, Optional<Instant> oldestQueuedAt) {}
