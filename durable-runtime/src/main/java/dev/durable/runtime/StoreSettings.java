package dev.durable.runtime;

import javax.sql.DataSource;

/**
 * The store and connection options as {@link StoreOptions} collected them, each null (or its
 * default) where not set: what {@link StoreConfig} reads.
 */
record StoreSettings(
    DataSource dataSource, String jdbcUrl, String user, String password, String schema,
    boolean migrate, boolean pollOnly,
    PayloadTransform payloadCodec) {}
