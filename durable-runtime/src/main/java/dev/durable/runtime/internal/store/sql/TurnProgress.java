package dev.durable.runtime.internal.store.sql;

import dev.durable.runtime.internal.model.Commit;
import java.util.List;

/**
 * A commit with its writes ({@code ProgressWriter}), and how many parameters its statement in one
 * text binds, as its statements say.
 */
public record TurnProgress(Commit commit, List<ProgressWrite> writes, int parameters) {}
