package dev.durable.runtime.internal.store.dialect;

import dev.durable.runtime.internal.model.NewRun;
import dev.durable.runtime.internal.store.run.EventsTable;
import dev.durable.runtime.internal.store.run.RunsTable;
import dev.durable.runtime.internal.store.sql.Announcements;
import dev.durable.runtime.internal.store.sql.Params;
import dev.durable.runtime.internal.store.sql.ShapedText;
import dev.durable.runtime.internal.store.sql.Sql;
import dev.durable.runtime.internal.store.sql.Values;
import dev.durable.runtime.internal.store.values.AttributesTable;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * PostgreSQL's starts of runs ({@code Dialect#startRuns}, {@code Dialect#insertIfAbsent}): a run
 * is inserted {@code ON CONFLICT DO NOTHING}, as a unique violation would abort the transaction. A
 * batch is one text: each run one statement that inserts it (nothing on a taken id) and logs its
 * events, with the notification of the engines after it where no engine took it ({@link
 * Announcements#afterStart}): one round trip for the batch. The runs are ordered by shape, so
 * that the text recurs and is prepared and planned once, and not written again ({@link
 * ShapedText}).
 */
final class PostgresStarts {
  private final RunsTable runs;
  private final EventsTable events;
  private final AttributesTable attributes;
  private final Announcements announcements;
  /**
   * {@link RunsTable#insert} that inserts nothing where the id, or the deduplication key, is
   * taken.
   */
  private final Sql insertIfAbsent;
  /** A run's start in one text, by its events' and its attributes' counts. */
  private final Map<List<Integer>, Sql> starts = new ConcurrentHashMap<>();
  private final ShapedText.Known texts = new ShapedText.Known();

  PostgresStarts(RunsTable runs, EventsTable events, AttributesTable attributes,
      Announcements announcements) {
    this.runs = runs;
    this.events = events;
    this.attributes = attributes;
    this.announcements = announcements;
    insertIfAbsent = Sql.of(runs.insert.named() + " ON CONFLICT DO NOTHING");
  }

  boolean insertIfAbsent(Connection connection, NewRun run) throws SQLException {
    return insertIfAbsent.update(connection, RunsTable.insertValues(run)) > 0;
  }

  /** The batch in one text, its runs ordered by shape. */
  boolean[] start(Connection connection, List<NewRun> batch) throws SQLException {
    Integer[] order = new Integer[batch.size()];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    Arrays.sort(order, Comparator.comparing((Integer i) -> batch.get(i).leased())
        .thenComparing(i -> batch.get(i).events().size())
        .thenComparing(i -> batch.get(i).attributes().size()));
    StringBuilder shape = new StringBuilder();
    for (int i : order) {
      NewRun run = batch.get(i);
      shape.append(run.leased() ? 'l' : 'd').append(run.events().size()).append('/')
          .append(run.attributes().size()).append('|');
    }
    ShapedText sql = texts.of(shape.toString());
    Params params = Params.postgres();
    for (int i : order) {
      NewRun run = batch.get(i);
      Sql start = start(run.events().size(), run.attributes().size());
      Values values = AttributesTable.insertedValues(
          events.insertedValues(RunsTable.insertValues(run), run.events()),
          run.attributes());
      sql.append(start.text()).append(";\n");
      start.bind(params, values);
      announcements.afterStart(sql, params, run, values);
    }
    boolean[] inserted = new boolean[batch.size()];
    try (PreparedStatement insert = connection.prepareStatement(sql.text())) {
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
      if (next != batch.size()) {
        throw new SQLException("expected " + batch.size() + " run inserts, got " + next);
      }
    }
    return inserted;
  }

  /**
   * A run's start with {@code eventCount} events and {@code attributeCount} attributes: the
   * attributes, if any, in a {@code WITH} of their own, so that the text's count stays the
   * events'.
   */
  private Sql start(int eventCount, int attributeCount) {
    return starts.computeIfAbsent(List.of(eventCount, attributeCount), shape -> Sql.of(
        "WITH inserted AS (" + insertIfAbsent.named() + " RETURNING run_id)"
            + (attributeCount == 0 ? "" : ", " + attributes.insertInserted(attributeCount))
            + " " + events.logInserted(eventCount)));
  }
}
