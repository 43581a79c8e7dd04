package dev.durable.runtime.internal.store;

import java.sql.Connection;
import java.sql.Statement;
import java.util.Collection;
import java.util.List;
import java.util.function.Consumer;

/**
 * H2, embedded: statements sent one by one ({@link Dialect.Form#STATEMENTS}), as each is an
 * in-process call; one process owns the database, so nobody is notified.
 */
final class H2Dialect implements Dialect {
  /**
   * By default H2 acknowledges a commit up to half a second before writing it, and a killed
   * process loses it, which would let a completed step run again.
   */
  private static final String DURABLE_COMMITS = "SET WRITE_DELAY 0";
  private final Transactions transactions;

  H2Dialect(Transactions transactions) {
    this.transactions = transactions;
  }

  @Override
  public Form form() {
    return Form.STATEMENTS;
  }

  @Override
  public Upsert upsert() {
    return Upsert.MERGE;
  }

  @Override
  public boolean notifies() {
    return false;
  }

  @Override
  public void requireDurableCommits() {
    transactions.inTransaction("configure durable commits", connection -> {
      try (Statement set = connection.createStatement()) {
        set.execute(DURABLE_COMMITS);
      }
      return null;
    });
  }

  @Override
  public AutoCloseable listenForRuns(Consumer<List<String>> onRuns, String threadName) {
    return () -> {};
  }

  @Override
  public AutoCloseable listenForTasks(Runnable onNewTasks, String threadName) {
    return () -> {};
  }

  @Override
  public void wakeEngines(Connection connection) {}

  @Override
  public void announceCancelled(Connection connection, String runId) {}

  @Override
  public void wakeWorkers(Connection connection) {}

  @Override
  public AutoCloseable listenForValues(
      Consumer<List<String>> onRuns, Consumer<Boolean> onListening, String threadName) {
    return () -> {};
  }

  @Override
  public void announceValues(Connection connection, Collection<String> runIds) {}
}
