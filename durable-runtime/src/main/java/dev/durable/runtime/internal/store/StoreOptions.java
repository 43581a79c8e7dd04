package dev.durable.runtime.internal.store;

import dev.durable.runtime.codec.StoredForm;
import java.util.Optional;

/**
 * How a store is opened, as an engine's or a worker's builder set it.
 *
 * @param schema the schema Durable's tables live in; empty for the connection's current schema
 * @param migrate whether the store may create or upgrade the tables ({@link Stores#openSchema})
 * @param pollOnly no notifications sent or listened for, and no session state: safe behind a
 *     pooler in transaction mode
 * @param form how payloads, error messages and history details are stored: through the payload
 *     codec, if any
 */
public record StoreOptions(
    Optional<String> schema, boolean migrate, boolean pollOnly, StoredForm form) {
  /** The connection's schema, migrated, with notifications, payloads stored as JSON. */
  public static final StoreOptions DEFAULT =
      new StoreOptions(Optional.empty(), true, false, StoredForm.plain());
}
