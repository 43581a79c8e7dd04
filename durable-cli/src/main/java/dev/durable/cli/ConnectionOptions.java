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

  /** The environment variable read when {@code --key-store} is not given. */
  static final String KEY_STORE_VARIABLE = "DURABLE_KEY_STORE";
  /** The environment variable that holds the key store's password: never an option. */
  static final String KEY_STORE_PASSWORD_VARIABLE = "DURABLE_KEY_STORE_PASSWORD";
  /** The environment variable read when {@code --current-key} is not given. */
  static final String CURRENT_KEY_VARIABLE = "DURABLE_CURRENT_KEY";
  /** The environment variable read when {@code --gzip-min-bytes} is not given. */
  static final String GZIP_VARIABLE = "DURABLE_GZIP_MIN_BYTES";
  /** The environment variable read when {@code --codec-class} is not given. */
  static final String CODEC_CLASS_VARIABLE = "DURABLE_CODEC_CLASS";

  @Option(
      names = "--key-store",
      paramLabel = "<file>",
      description = "A PKCS12 key store of the AES keys the engines' payload codec"
          + " (PayloadCodecs.aesGcm) encrypts with, its password in $"
          + KEY_STORE_PASSWORD_VARIABLE + " (default: $" + KEY_STORE_VARIABLE + "). Without it"
          + " an encoded payload shows as 'encoded (aes-gcm, key k2, 812 bytes)'")
  String keyStore;

  @Option(
      names = "--current-key",
      paramLabel = "<alias>",
      description = "The key of the key store that new payloads are encrypted under, as the"
          + " engines' current key (default: $" + CURRENT_KEY_VARIABLE + "); reencode needs it")
  String currentKey;

  @Option(
      names = "--gzip-min-bytes",
      paramLabel = "<n>",
      description = "As the engines' PayloadCodecs.chain(gzip(n), aesGcm(...)): payloads of n"
          + " bytes or more compressed before they are encrypted (default: $" + GZIP_VARIABLE
          + ", else no gzip)")
  Integer gzipMinBytes;

  @Option(
      names = "--codec-class",
      paramLabel = "<class>",
      description = "A PayloadCodec of your own on the classpath, with a public constructor of no"
          + " argument, instead of the key store (default: $" + CODEC_CLASS_VARIABLE + ")")
  String codecClass;
}
