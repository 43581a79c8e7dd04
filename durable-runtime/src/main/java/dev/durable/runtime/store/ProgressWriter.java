package dev.durable.runtime.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;

/** Writes a batch of turns' progress; one implementation per dialect. */
interface ProgressWriter {

  /**
   * Writes {@code commits}, each fenced by its run's epoch, on {@code connection}. The caller
   * commits (or the single statement autocommits).
   *
   * @return for each commit, whether its fence held and it was written
   */
  boolean[] write(Connection connection, List<Commit> commits, Instant now) throws SQLException;

  /** Whether {@link #write} is one statement that can run in autocommit mode. */
  boolean isSingleStatement();
}
