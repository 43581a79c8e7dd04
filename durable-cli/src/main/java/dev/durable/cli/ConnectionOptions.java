package dev.durable.cli;

import picocli.CommandLine.Option;

/**
 * The options every command takes, before the command name or after it: the database, and the
 * output format.
 */
final class ConnectionOptions {
  /** The environment variable read when {@code --jdbc-url} is not given. */
  static final String URL_VARIABLE = "DURABLE_JDBC_URL";
  /** The environment variable read when {@code --user} is not given. */
  static final String USER_VARIABLE = "DURABLE_USER";
  /** The environment variable read when {@code --password} is not given. */
  static final String PASSWORD_VARIABLE = "DURABLE_PASSWORD";
  /** The environment variable read when {@code --schema} is not given. */
  static final String SCHEMA_VARIABLE = "DURABLE_SCHEMA";

  @Option(
      names = "--jdbc-url",
      paramLabel = "<url>",
      description = "The store's JDBC URL (default: $" + URL_VARIABLE + "), for example"
          + " jdbc:postgresql://host:5432/app?user=durable or jdbc:h2:./durable-data/durable;AUTO_SERVER=TRUE")
  String jdbcUrl;

  @Option(
      names = "--user",
      paramLabel = "<user>",
      description = "The database user (default: $" + USER_VARIABLE + ")")
  String user;

  @Option(
      names = "--password",
      paramLabel = "<password>",
      description = "The database password (default: $" + PASSWORD_VARIABLE + "); never printed."
          + " Prefer the variable: a command line is visible to other users of the machine")
  String password;

  @Option(
      names = "--schema",
      paramLabel = "<schema>",
      description = "The schema of Durable's tables, as the engines' schema(...) names it"
          + " (default: $" + SCHEMA_VARIABLE + ", else the URL's current schema)")
  String schema;

  @Option(
      names = "--poll-only",
      description = "For a URL through PgBouncer in transaction mode: no LISTEN/NOTIFY and no"
          + " session state (a run cancelled here then stops at its engine's next lease renewal)")
  boolean pollOnly;

  @Option(names = "--json", description = "Print JSON (for scripts) instead of text")
  boolean json;
}
