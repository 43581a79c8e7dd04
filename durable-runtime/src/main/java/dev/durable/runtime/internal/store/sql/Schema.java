package dev.durable.runtime.internal.store.sql;

import java.util.Optional;

/**
 * Where Durable's tables are, as the store's statements name them: in the connection's current
 * schema (unqualified, {@code <table>}, the schema {@code current_schema()}), or in a schema
 * of its own ({@code .schema(name)}: {@code "name".<table>}, the schema {@code 'name'}, so the
 * notification channels, named after it, follow). Each catalogue names its tables through it once,
 * as the store builds it ({@code Tables}), and every statement is then sent as it was written.
 *
 * <p>Why qualified names and not the connection's schema ({@code currentSchema} in the URL,
 * HikariCP's {@code schema}, {@code SET search_path}): each of those is session state, which a
 * pooler in transaction mode (PgBouncer) refuses at connect or leaks to whichever client gets the
 * server connection next. {@code SET LOCAL search_path} per transaction is pooler-safe too, but
 * costs a statement in every transaction and does nothing in an autocommitted statement, which
 * most of the store's work is. A qualified name holds in every statement on every connection.
 * Index names (H2's {@code USE INDEX}) and the table of a {@code FOR UPDATE OF} stay unqualified.
 */
public final class Schema {
  /** The connection's current schema. */
  public static final Schema CURRENT = new Schema(null);

  /** The schema's name; null for the connection's current one. */
  private final String name;

  private Schema(String name) {
    this.name = name;
  }

  /** @param name a valid schema name ({@code EngineConfig}'s rules); empty for the current one */
  public static Schema of(Optional<String> name) {
    return name.map(Schema::new).orElse(CURRENT);
  }

  /** Durable's table (or sequence) {@code name}, as a statement names it. */
  public String table(String name) {
    return this.name == null ? name : "\"" + this.name + "\"." + name;
  }

  /** The schema as an SQL expression of its name: {@code current_schema()}, or a literal. */
  public String expression() {
    return name == null ? "current_schema()" : "'" + name + "'";
  }
}
