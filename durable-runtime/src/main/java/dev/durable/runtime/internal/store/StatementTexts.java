package dev.durable.runtime.internal.store;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Rewrites the store's statements, as {@link RewritingDataSource} sends them, for an installation
 * in a schema of its own: Durable's SQL names its tables unqualified ({@code durable_runs}) and
 * their schema {@code current_schema()}, and here each table becomes {@code
 * "<schema>".durable_runs} and the schema {@code '<schema>'} (the notification channels, which are
 * named after it, follow). (A poll-only store's texts are written without notifications: {@link
 * Dialect#notifies}.)
 *
 * <p>Why qualified names and not the connection's schema ({@code currentSchema} in the URL,
 * HikariCP's {@code schema}, {@code SET search_path}): each of those is session state, which a
 * pooler in transaction mode (PgBouncer) refuses at connect or leaks to whichever client gets the
 * server connection next. {@code SET LOCAL search_path} per transaction is pooler-safe too, but
 * costs a statement in every transaction and does nothing in an autocommitted statement, which
 * most of the store's work is. A qualified name holds in every statement on every connection.
 *
 * <p>The rewrite leaves quoted literals and identifiers as they are, except a sequence named to
 * {@code nextval('durable_...')}, and leaves index names in H2's {@code USE INDEX (...)} and the
 * table of a {@code FOR UPDATE OF}, which must not be qualified. Texts repeat
 * (the catalogue's statements), so the rewrites are kept, up to {@link #CACHED} of them.
 */
final class StatementTexts {
  private static final String PREFIX = "durable_";
  private static final String CURRENT_SCHEMA = "current_schema()";
  private static final String NEXTVAL = "nextval('";
  private static final int CACHED = 4_096;

  private final String schema;
  private final String qualifier;
  private final Map<String, String> rewritten = new ConcurrentHashMap<>();

  /** @param schema a valid schema name ({@code EngineConfig}'s rules) */
  StatementTexts(String schema) {
    this.schema = schema;
    this.qualifier = "\"" + schema + "\".";
  }

  /** {@code sql} as this store sends it. */
  String rewrite(String sql) {
    String known = rewritten.get(sql);
    if (known != null) {
      return known;
    }
    String result = rewritten(sql);
    if (rewritten.size() < CACHED) {
      rewritten.put(sql, result);
    }
    return result;
  }

  private String rewritten(String sql) {
    StringBuilder out = new StringBuilder(sql.length() + 64);
    char quote = 0;
    for (int i = 0; i < sql.length(); i++) {
      char c = sql.charAt(i);
      if (quote != 0) {
        if (c == quote) {
          quote = 0;
        }
        out.append(c);
      } else if (c == '\'' || c == '"') {
        quote = c;
        out.append(c);
      } else if (identifierBefore(sql, i)) {
        out.append(c);
      } else if (sql.startsWith(CURRENT_SCHEMA, i)) {
        out.append('\'').append(schema).append('\'');
        i += CURRENT_SCHEMA.length() - 1;
      } else if (sql.startsWith(NEXTVAL + PREFIX, i)) {
        out.append(NEXTVAL).append(qualifier);
        i += NEXTVAL.length() - 1;
        quote = '\'';
      } else if (sql.startsWith(PREFIX, i) && !inUseIndex(out) && !afterOf(out)) {
        out.append(qualifier).append(c);
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }

  /** Whether the word at {@code i} continues an identifier or a qualified name. */
  private static boolean identifierBefore(String sql, int i) {
    if (i == 0) {
      return false;
    }
    char before = sql.charAt(i - 1);
    return Character.isLetterOrDigit(before) || before == '_' || before == '.' || before == '$';
  }

  /** Whether the text so far ends with {@code FOR UPDATE OF}, which takes a table unqualified. */
  private static boolean afterOf(StringBuilder out) {
    int end = out.length();
    while (end > 0 && out.charAt(end - 1) == ' ') {
      end--;
    }
    return end >= 3 && out.substring(end - 3, end).equalsIgnoreCase(" OF");
  }

  /** Whether the text so far ends inside H2's {@code USE INDEX (}: an index, in its table's schema. */
  private static boolean inUseIndex(StringBuilder out) {
    int open = out.lastIndexOf("(");
    return open >= 0 && out.indexOf(")", open) < 0
        && out.substring(0, open).stripTrailing().toUpperCase().endsWith("USE INDEX");
  }
}
