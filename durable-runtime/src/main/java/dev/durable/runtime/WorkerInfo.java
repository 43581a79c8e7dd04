package dev.durable.runtime;

import java.time.Instant;

/**
 * A worker, as the tasks it claimed show it.
 *
 * @param workerId its id ({@code DurableWorker.builder().workerId(...)}, or the one it made)
 * @param running the tasks it holds now
 * @param lastSeenAt its last sign of life: a claim, a heartbeat or an outcome
 */
public record WorkerInfo(String workerId, int running, Instant lastSeenAt) {}
