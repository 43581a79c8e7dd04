package dev.durable.runtime.internal.store.values;

import dev.durable.runtime.RunState;
import dev.durable.runtime.internal.store.sql.Dialect;
import dev.durable.runtime.internal.store.sql.Transactions;
import java.util.List;
import java.util.Optional;

/**
 * The store's side of runs that talk back: reading the events runs set and the values of their
 * streams ({@code durable_run_values}, {@link RunValuesTable}), and listening for new ones. They
 * are written with a turn's progress ({@code Commit#values}), not here.
 */
public final class StoredValues {
  private final Transactions transactions;
  private final Dialect dialect;
  private final RunValuesTable values;

  public StoredValues(Transactions transactions, Dialect dialect, RunValuesTable values) {
    this.transactions = transactions;
    this.dialect = dialect;
    this.values = values;
  }

  /** The run's state and its event {@code name}'s latest value; empty if no run has that id. */
  public Optional<ValueReads.EventRead> latestEvent(String runId, String name) {
    return transactions.autocommit("read event '" + name + "' of run " + runId,
        connection -> values.latestEvent(connection, runId, name));
  }

  /**
   * The run's state and up to {@code limit} values of its stream {@code name} written after the
   * one with id {@code after} (0: from the first), in order; empty if no run has that id.
   */
  public Optional<ValueReads.StreamRead> streamAfter(
      String runId, String name, long after, int limit) {
    return transactions.autocommit("read stream '" + name + "' of run " + runId,
        connection -> values.streamAfter(connection, runId, name, after, limit));
  }

  /**
   * The run's state, and the place after the next {@code count} values of its stream {@code name}
   * written after the one with id {@code after}: a reader that starts at an index skips the values
   * before it, their ids alone read. Empty if no run has that id.
   */
  public Optional<ValueReads.StreamSkip> skipStream(
      String runId, String name, long after, int count) {
    return transactions.autocommit("read stream '" + name + "' of run " + runId,
        connection -> values.skipStream(connection, runId, name, after, count));
  }

  /** Whether every writer of values shares this process (H2), and so wakes its readers. */
  public boolean oneProcess() {
    return dialect.oneProcess();
  }
}
