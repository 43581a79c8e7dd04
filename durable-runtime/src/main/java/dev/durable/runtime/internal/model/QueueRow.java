package dev.durable.runtime.internal.model;

import java.time.Instant;

/**
 * One queue as operators see it: its stored declaration, if an engine declared it, and its runs.
 *
 * @param name the queue's name
 * @param declaration the text an engine stored ({@code Queue.toString()}), or null if none did
 * @param declaredBy the engine that stored it, or null
 * @param depth its runs {@code ENQUEUED}
 * @param running its runs admitted and not ended
 * @param oldestWaitingAt when its oldest {@code ENQUEUED} run was started, or null if none waits
 * @param paused whether an operator paused it: it admits nothing until resumed
 */
public record QueueRow(String name, String declaration, String declaredBy, long depth,
    long running, Instant oldestWaitingAt, boolean paused) {}
