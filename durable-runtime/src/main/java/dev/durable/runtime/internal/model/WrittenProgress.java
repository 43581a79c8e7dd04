package dev.durable.runtime.internal.model;

import java.util.List;

/**
 * What a write of turns' progress did ({@code RunStore#commit}): which commits were written, and
 * what the written ones made ready, for the engine's wake-up component to tell this process's
 * engines, workers and readers (the other processes were told in the same commit: {@link
 * Announcements}).
 *
 * @param written for each commit, whether it was written; false where the run's epoch moved on
 *     (another engine claimed it, or it was cancelled or requeued), and then nothing of it was
 * @param dueAtOnce the runs that a commit suspended but that an event woke while their turn
 *     executed ({@code woken_at}): due now, and looked for by no one yet
 * @param tasksQueued whether a commit queued a task for any worker to claim
 * @param valuesChanged the runs that wrote events or stream values, or ended
 */
public record WrittenProgress(
    boolean[] written, List<String> dueAtOnce, boolean tasksQueued, List<String> valuesChanged) {}
