package dev.durable.runtime;

import java.util.Objects;
import javax.sql.DataSource;

/**
 * The store and connection options that {@link DurableEngine.Builder} and {@link
 * DurableWorker.Builder} share: written once here, so that an engine and the workers beside it are
 * configured for one store in the same words. Package-private: its methods show as the builders'
 * own, each returning the builder it is called on.
 *
 * @param <B> the builder
 */
abstract class StoreOptions<B extends StoreOptions<B>> {
  private DataSource dataSource;
  private String jdbcUrl;
  private String user;
  private String password;
  private String schema;
  private boolean migrate = true;
  private boolean pollOnly;
  private PayloadTransform payloadCodec;

  StoreOptions() {}

  /**
   * The store's JDBC URL, the same for an engine and its workers; {@value
   * DurableEngine#DEFAULT_JDBC_URL} if neither it nor a data source is set.
   */
  public B jdbcUrl(String jdbcUrl) {
    this.jdbcUrl = Objects.requireNonNull(jdbcUrl, "jdbcUrl");
    return self();
  }

  /** The database user for {@link #jdbcUrl(String)}. */
  public B user(String user) {
    this.user = user;
    return self();
  }

  /** The database password for {@link #jdbcUrl(String)}. */
  public B password(String password) {
    this.password = password;
    return self();
  }

  /** A data source to use instead of a JDBC URL; the engine or worker does not close it. */
  public B dataSource(DataSource dataSource) {
    this.dataSource = Objects.requireNonNull(dataSource, "dataSource");
    return self();
  }

  /**
   * The schema Durable's tables live in (made by the migration if missing), instead of the URL's
   * {@code currentSchema}, which a pooler refuses; the notification channels follow it. Engines
   * and workers of one store name the same schema.
   */
  public B schema(String schema) {
    this.schema = Checks.schemaName(schema);
    return self();
  }

  /**
   * Whether building creates or upgrades the tables; true by default. False (a role with no DDL
   * rights) never changes them: the build fails, saying what to do, if they are missing or behind
   * this runtime ({@code durable-cli migrate} brings them up).
   */
  public B migrate(boolean migrate) {
    this.migrate = migrate;
    return self();
  }

  /**
   * No {@code LISTEN}/{@code NOTIFY} and no session state, and no server-side prepared statements
   * in the own pool: safe behind PgBouncer in transaction mode; false by default. Runs started or
   * made due, and tasks queued, by other processes are then found by the poll, within the
   * builder's {@code pollInterval}; in-process wake-ups and timers work as before.
   */
  public B pollOnly(boolean pollOnly) {
    this.pollOnly = pollOnly;
    return self();
  }

  /**
   * The codec every payload is stored through (inputs, results, step inputs and results, signal
   * values, events, stream items, error messages and history details): {@code
   * dev.durable.runtime.codec.PayloadCodecs.aesGcm(keys, "k2")} encrypts them with the team's
   * own keys; none by default, payloads are stored as their JSON. Engines and workers of one store
   * are given codecs that read each other's payloads. Ids, names, versions, attributes, queue and
   * partition keys, deduplication ids and error codes are never encoded: they are searched and
   * routed on. A payload stored before the codec was given still reads (docs/guide, "Protecting
   * payloads").
   */
  public B payloadCodec(PayloadTransform payloadCodec) {
    this.payloadCodec = Objects.requireNonNull(payloadCodec, "payloadCodec");
    return self();
  }

  /** The store options set so far, for the config that {@code build()} makes. */
  final StoreSettings storeSettings() {
    return new StoreSettings(dataSource, jdbcUrl, user, password, schema, migrate, pollOnly,
        payloadCodec);
  }

  @SuppressWarnings("unchecked")
  final B self() {
    return (B) this;
  }
}
