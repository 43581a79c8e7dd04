package dev.durable.runtime.internal.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Starting runs: each run inserted unless its id is taken, and its start logged, in one commit;
 * the engines in other processes are told of the runs no engine took at once (where the store
 * notifies). In one text, each run is one statement that inserts it (nothing on a taken id) and
 * logs its events, with a {@code NOTIFY} after it where it is left due: one round trip for the
 * batch. In statements, each run is inserted alone, a taken id rolling back that insert only (H2
 * goes on with the transaction), and the events and the runs' attributes follow as one batch
 * each.
 */
final class RunInserts {
  /** A run's start in one text, by its events' and its attributes' counts. */
  private static final Map<String, Sql> STARTS = new ConcurrentHashMap<>();

  private final Transactions transactions;
  private final Dialect.Form form;
  private final boolean notifies;

  /** @param notifies whether the engines in other processes are told ({@link Dialect#notifies}) */
  RunInserts(Transactions transactions, Dialect.Form form, boolean notifies) {
    this.transactions = transactions;
    this.form = form;
    this.notifies = notifies;
  }

  /**
   * Inserts the runs and logs their starts, in one commit.
   *
   * @return for each run, whether it was inserted; false if a run with its id exists already, or
   *     comes earlier in the same batch (nothing of it is written)
   */
  boolean[] insert(List<NewRun> runs) {
    List<NewRun> unique = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    int[] positions = new int[runs.size()];
    for (int i = 0; i < runs.size(); i++) {
      positions[i] = seen.add(runs.get(i).runId()) ? unique.size() : -1;
      if (positions[i] >= 0) {
        unique.add(runs.get(i));
      }
    }
    boolean[] written = insertUnique(unique);
    boolean[] result = new boolean[runs.size()];
    for (int i = 0; i < runs.size(); i++) {
      result[i] = positions[i] >= 0 && written[positions[i]];
    }
    return result;
  }

  /** {@link #insert} of runs whose ids differ. */
  private boolean[] insertUnique(List<NewRun> runs) {
    String what = "start " + runs.size() + " run(s)";
    return form == Dialect.Form.ONE_TEXT
        ? transactions.autocommit(what, connection -> inOneText(connection, runs))
        : transactions.inTransaction(what, connection -> {
          boolean[] inserted = new boolean[runs.size()];
          List<EventsTable.Entry> events = new ArrayList<>();
          List<NewRun> stored = new ArrayList<>();
          for (int i = 0; i < runs.size(); i++) {
            NewRun run = runs.get(i);
            inserted[i] = insertIfAbsent(connection, run);
            if (inserted[i]) {
              run.events().forEach(event -> events.add(new EventsTable.Entry(run.runId(), event)));
              stored.add(run);
            }
          }
          EventsTable.append(connection, events);
          AttributesTable.insert(connection, stored);
          return inserted;
        });
  }

  /**
   * Inserts a run due for any engine, in the caller's transaction, unless a run with its id exists;
   * does not log its start.
   *
   * @return whether it was inserted
   */
  boolean insertIfAbsent(Connection connection, NewRun run) throws SQLException {
    Values values = RunsTable.insertValues(run);
    if (form == Dialect.Form.ONE_TEXT) { // a unique violation would abort the transaction
      return RunsTable.INSERT_IF_ABSENT.update(connection, values) > 0;
    }
    try {
      return RunsTable.INSERT.update(connection, values) > 0;
    } catch (SQLException e) {
      if (!SqlErrors.isUniqueViolation(e)) {
        throw e;
      }
      return false;
    }
  }

  /**
   * The batch in one text, its runs ordered by shape, so that recurring texts are prepared and
   * planned once.
   */
  private boolean[] inOneText(Connection connection, List<NewRun> runs)
      throws SQLException {
    Integer[] order = new Integer[runs.size()];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    Arrays.sort(order, Comparator.comparing((Integer i) -> runs.get(i).leased())
        .thenComparing(i -> runs.get(i).events().size())
        .thenComparing(i -> runs.get(i).attributes().size()));
    StringBuilder sql = new StringBuilder();
    Params params = Params.postgres();
    for (int i : order) {
      NewRun run = runs.get(i);
      int events = run.events().size();
      int attributes = run.attributes().size();
      // the attributes, if any, in a WITH of their own: the text's count stays the events'
      Sql start = STARTS.computeIfAbsent(events + "/" + attributes, shape -> Sql.of(
          "WITH inserted AS (" + RunsTable.INSERT_IF_ABSENT.named() + " RETURNING run_id)"
              + (attributes == 0 ? "" : ", " + AttributesTable.insertInserted(attributes))
              + " " + EventsTable.logInserted(events)));
      Values values = AttributesTable.insertedValues(
          EventsTable.insertedValues(RunsTable.insertValues(run), run.events()),
          run.attributes());
      sql.append(start.text()).append(";\n");
      start.bind(params, values);
      if (!run.leased() && notifies) {
        sql.append(Channels.ANNOUNCE_RUN.text()).append(";\n");
        Channels.ANNOUNCE_RUN.bind(params, values);
      }
    }
    boolean[] inserted = new boolean[runs.size()];
    try (PreparedStatement insert = connection.prepareStatement(sql.toString())) {
      params.bind(insert);
      // the update counts, in order: each run's logged events (none where its id was taken)
      boolean resultSet = insert.execute();
      int next = 0;
      while (true) {
        if (!resultSet) {
          int count = insert.getUpdateCount();
          if (count == -1) {
            break;
          }
          inserted[order[next++]] = count > 0;
        }
        resultSet = insert.getMoreResults();
      }
      if (next != runs.size()) {
        throw new SQLException("expected " + runs.size() + " run inserts, got " + next);
      }
    }
    return inserted;
  }
}
