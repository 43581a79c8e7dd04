package dev.durable.runtime;

import java.util.Optional;
import javax.sql.DataSource;

/**
 * The store and connection settings of an {@link EngineConfig} and a {@link WorkerConfig}, as
 * {@link StoreOptions} collected them for either builder: read here once. Package-private: its
 * accessors show as the configs' own.
 */
abstract class StoreConfig {
  /** The JDBC URL used when none is set: an H2 file database under the working directory. */
  static final String DEFAULT_JDBC_URL = "jdbc:h2:./durable-data/durable";

  private final StoreSettings store;

  StoreConfig(StoreSettings store) {
    this.store = store;
  }

  /** A data source to use instead of {@link #jdbcUrl()}; the engine or worker does not close it. */
  public Optional<DataSource> dataSource() {
    return Optional.ofNullable(store.dataSource());
  }

  /** The store's JDBC URL, used when no {@link #dataSource()} is given. */
  public String jdbcUrl() {
    return store.jdbcUrl() == null ? DEFAULT_JDBC_URL : store.jdbcUrl();
  }

  /** The database user for {@link #jdbcUrl()}, if set. */
  public Optional<String> user() {
    return Optional.ofNullable(store.user());
  }

  /** The database password for {@link #jdbcUrl()}, if set. */
  public Optional<String> password() {
    return Optional.ofNullable(store.password());
  }

  /**
   * The schema Durable's tables live in, each named in it in every statement (which holds through
   * a pooler, unlike a schema set on the connection); empty for the connection's current schema.
   * The notification channels are named after it.
   */
  public Optional<String> schema() {
    return Optional.ofNullable(store.schema());
  }

  /**
   * Whether building creates or upgrades the tables (true by default); false never changes the
   * schema and fails at build, saying what to do, if the tables are missing or behind.
   */
  public boolean migrate() {
    return store.migrate();
  }

  /**
   * Whether the engine or worker works without notifications ({@code LISTEN}/{@code NOTIFY}) and
   * session state, as a pooler in transaction mode (PgBouncer) needs; false by default. A run made
   * due, or a task queued, through another process is then found by the poll, within the poll
   * interval.
   */
  public boolean pollOnly() {
    return store.pollOnly();
  }

  /** The codec every payload is stored through; empty: stored as JSON. */
  public Optional<PayloadTransform> payloadCodec() {
    return Optional.ofNullable(store.payloadCodec());
  }
}
