package dev.durable.runtime.internal.store;

/**
 * PostgreSQL's notification channels of the Durable tables in the current schema, and the texts
 * that notify on them ({@link PostgresDialect} listens and sends; the store's one-text statements
 * carry the notifications of their commits). Each channel's name is an SQL expression the server
 * evaluates where it is used, so that installations in different schemas of one database do not
 * wake each other.
 */
final class Channels {
  /**
   * The longest schema name a channel's name carries as it is: with the longer of the two bases
   * of the runs' and the tasks' channels ({@code durable_tasks.}, 14 bytes) it makes 63, the most
   * PostgreSQL allows.
   */
  private static final int SCHEMA_IN_CHANNEL = 49;
  /**
   * The channel engines listen on ({@link #channel}); a payload is the id of a run started or
   * cancelled.
   */
  static final String RUNS = channel(RunsTable.TABLE);
  /** The channel workers listen on ({@link #channel}): tasks were queued. */
  static final String TASKS = channel("durable_tasks");
  static final String NOTIFY_RUNS = notifyRuns("''");
  static final String NOTIFY_TASKS = "SELECT pg_notify(" + TASKS + ", '')";
  /**
   * Tells the workers of tasks queued, with the origin of this process's wake-ups: its own workers
   * are woken in process already ({@link Listener}).
   */
  static final Sql NOTIFY_TASKS_FROM = Sql.of("SELECT pg_notify(" + TASKS + ", :origin)");
  /** Names a run to the engines listening. */
  static final Sql ANNOUNCE_RUN = Sql.of(notifyRuns(":runId"));
  /**
   * The channel readers of runs' events and streams listen on ({@link #channel}); a payload is the
   * id of a run that wrote some, or ended or was cancelled. Its base is one byte longer than the
   * tasks' channel's, so one byte less of a schema's name fits.
   */
  static final String VALUES = channel("durable_values", SCHEMA_IN_CHANNEL - 1);
  /** Names a run that wrote events or stream values, or ended, to the readers listening. */
  static final Sql ANNOUNCE_VALUES =
      Sql.of("SELECT pg_notify(" + VALUES + ", :runId)");
  /** {@link #ANNOUNCE_VALUES} for each of several runs. */
  static final Sql ANNOUNCE_VALUES_OF = Sql.of("SELECT pg_notify(" + VALUES
      + ", r) FROM unnest(:runIds::varchar[]) AS r");

  private Channels() {}

  /**
   * The name of one of the channels of the Durable tables in the current schema, as an SQL
   * expression that the server evaluates where a notification is sent or listened for: {@code
   * base} in the schema {@code public} (the name the channels have always had), {@code
   * base.<schema>} in any other, so that installations in different schemas of one database do not
   * wake each other's polls for nothing. A schema name too long to fit ({@link
   * #SCHEMA_IN_CHANNEL}) is replaced by its md5.
   */
  private static String channel(String base) {
    return channel(base, SCHEMA_IN_CHANNEL);
  }

  /** {@link #channel(String)} for a base with which {@code schemaInChannel} bytes make 63. */
  private static String channel(String base, int schemaInChannel) {
    return "(CASE current_schema() WHEN 'public' THEN '" + base + "' ELSE '" + base + ".' ||"
        + " CASE WHEN octet_length(current_schema()) <= " + schemaInChannel
        + " THEN current_schema() ELSE md5(current_schema()) END END)";
  }

  /**
   * A notification to the engines listening, carrying {@code payload} (an SQL expression), for a
   * text that tells them of runs it leaves due.
   */
  static String notifyRuns(String payload) {
    return "SELECT pg_notify(" + RUNS + ", " + payload + ")";
  }
}
