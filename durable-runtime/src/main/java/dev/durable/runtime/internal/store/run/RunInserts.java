package dev.durable.runtime.internal.store.run;

import dev.durable.runtime.internal.model.NewRun;
import dev.durable.runtime.internal.store.sql.Dialect;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Starting runs: each run inserted unless its id is taken, and its start logged, in one commit;
 * the engines in other processes are told of the runs no engine took at once (where the store
 * notifies). A run that comes twice in a batch is inserted once. How a batch is written is the
 * dialect's ({@link Dialect#startRuns}): on PostgreSQL one text, each run one statement that
 * inserts it (nothing on a taken id) and logs its events, with a notification after it where it
 * is left due, one round trip for the batch; on H2 each run inserted alone, a taken id rolling
 * back that insert only, and the events and the runs' attributes as one batch each.
 */
public final class RunInserts {
  private final Dialect dialect;

  public RunInserts(Dialect dialect) {
    this.dialect = dialect;
  }

  /**
   * Inserts the runs and logs their starts, in one commit.
   *
   * @return for each run, whether it was inserted; false if a run with its id exists already, or
   *     comes earlier in the same batch (nothing of it is written)
   */
  public boolean[] insert(List<NewRun> runs) {
    List<NewRun> unique = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    int[] positions = new int[runs.size()];
    for (int i = 0; i < runs.size(); i++) {
      positions[i] = seen.add(runs.get(i).runId()) ? unique.size() : -1;
      if (positions[i] >= 0) {
        unique.add(runs.get(i));
      }
    }
    boolean[] written = dialect.inOneCommit("start " + unique.size() + " run(s)",
        connection -> dialect.startRuns(connection, unique));
    boolean[] result = new boolean[runs.size()];
    for (int i = 0; i < runs.size(); i++) {
      result[i] = positions[i] >= 0 && written[positions[i]];
    }
    return result;
  }

  /**
   * Inserts a run due for any engine, in the caller's transaction, unless a run with its id exists;
   * does not log its start.
   *
   * @return whether it was inserted
   */
  public boolean insertIfAbsent(Connection connection, NewRun run) throws SQLException {
    return dialect.insertIfAbsent(connection, run);
  }
}
