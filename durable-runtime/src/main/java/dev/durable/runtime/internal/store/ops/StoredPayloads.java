package dev.durable.runtime.internal.store.ops;

import dev.durable.runtime.codec.StoredForm;
import dev.durable.runtime.internal.store.sql.PayloadColumn;
import dev.durable.runtime.internal.store.sql.Sql;
import dev.durable.runtime.internal.store.sql.Transactions;
import dev.durable.runtime.internal.store.sql.Values;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The payloads as stored, column by column ({@link PayloadColumn}): how many are stored in each
 * form (plain, or encoded by a codec under a key), and the encoded rows not yet in a given form, a
 * page at a time, so that they can be encoded anew while engines run. A row is replaced only if
 * it still holds the text read: one that a turn changed meanwhile is left as the turn wrote it.
 */
public final class StoredPayloads {
  /** The figure of the payloads stored as JSON, without a codec. */
  public static final String PLAIN = "plain";
  /** Enough of a stored text for its label: the mark, up to 100 characters, the mark, some. */
  private static final int HEAD = 130;

  private final Transactions transactions;
  private final List<Column> columns;

  /** A column's statements. */
  private record Column(PayloadColumn column, Sql plain, Sql heads, Sql first, Sql after,
      Sql replace) {}

  /** A stored text and the key of its row, in the order of {@link PayloadColumn#keys()}. */
  public record Stored(PayloadColumn column, List<Object> key, String text) {}

  public StoredPayloads(Transactions transactions, List<PayloadColumn> columns) {
    this.transactions = transactions;
    this.columns = columns.stream().map(StoredPayloads::statements).toList();
  }

  private static Column statements(PayloadColumn c) {
    String keys = String.join(", ", c.keys());
    String notIn = " WHERE " + c.column() + " LIKE '~%' AND " + c.column()
        + " NOT LIKE :prefix ESCAPE '\\'";
    String page = "SELECT " + keys + ", " + c.column() + " FROM " + c.table() + notIn;
    String order = " ORDER BY " + keys + " LIMIT :limit";
    String k1 = c.keys().get(0);
    String after = c.keys().size() == 1
        ? " AND " + k1 + " > :k0"
        : " AND (" + k1 + " > :k0 OR " + k1 + " = :k0 AND " + c.keys().get(1) + " > :k1)";
    StringBuilder where = new StringBuilder();
    for (int i = 0; i < c.keys().size(); i++) {
      where.append(" AND ").append(c.keys().get(i)).append(" = :k").append(i);
    }
    return new Column(c,
        Sql.of("SELECT COUNT(*) FROM " + c.table() + " WHERE " + c.column() + " IS NOT NULL AND "
            + c.column() + " NOT LIKE '~%'"),
        Sql.of("SELECT SUBSTRING(" + c.column() + " FROM 1 FOR " + HEAD + ") FROM " + c.table()
            + " WHERE " + c.column() + " LIKE '~%'"),
        Sql.of(page + order),
        Sql.of(page + after + order),
        Sql.of("UPDATE " + c.table() + " SET " + c.column() + " = :replacement WHERE "
            + c.column() + " = :old" + where));
  }

  /** The columns, in the order they are walked. */
  public List<PayloadColumn> columns() {
    return columns.stream().map(Column::column).toList();
  }

  /**
   * How many texts are stored in each form, by the label of their codec and key ({@code
   * gzip+aes-gcm, key k2}), and {@link #PLAIN}; sorted by label.
   */
  public Map<String, Long> encodings() {
    return transactions.autocommit("count the stored payloads by encoding", connection -> {
      Map<String, Long> counts = new TreeMap<>();
      for (Column column : columns) {
        long plain = column.plain().first(connection, new Values(), rows -> rows.getLong(1))
            .orElse(0L);
        if (plain > 0) {
          counts.merge(PLAIN, plain, Long::sum);
        }
        for (String head : column.heads().list(connection, new Values(),
            rows -> rows.getString(1))) {
          counts.merge(StoredForm.label(head).orElse(PLAIN), 1L, Long::sum);
        }
      }
      return counts;
    });
  }

  /**
   * Up to {@code limit} encoded texts of {@code column} that do not begin with {@code prefix}
   * (encoded otherwise), after the row of key {@code after} (null: from the first), in the order
   * of the key. Plain texts are not among them: the columns hold the engine's own records beside
   * the payloads (a checkpoint of an event names its key), which are stored as they are.
   */
  public List<Stored> page(PayloadColumn column, List<Object> after, String prefix, int limit) {
    Column statements = of(column);
    Values values = new Values().string("prefix", likePrefix(prefix)).int4("limit", limit);
    if (after != null) {
      key(values, after);
    }
    int keys = column.keys().size();
    return transactions.autocommit("read stored payloads of " + column.name(), connection ->
        (after == null ? statements.first() : statements.after()).list(connection, values,
            rows -> {
              List<Object> key = new ArrayList<>(keys);
              for (int i = 1; i <= keys; i++) {
                key.add(rows.getObject(i));
              }
              return new Stored(column, key, rows.getString(keys + 1));
            }));
  }

  /**
   * Stores {@code replacement} in place of {@code stored}'s text, if its row still holds that text.
   *
   * @return whether it did
   */
  public boolean replace(Stored stored, String replacement) {
    Column statements = of(stored.column());
    Values values = key(new Values(), stored.key()).string("old", stored.text())
        .string("replacement", replacement);
    return transactions.autocommit("re-encode a payload of " + stored.column().name(),
        connection -> statements.replace().update(connection, values) == 1);
  }

  private Column of(PayloadColumn column) {
    return columns.stream().filter(c -> c.column().equals(column)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("not a payload column: " + column));
  }

  private static Values key(Values values, List<Object> key) {
    for (int i = 0; i < key.size(); i++) {
      Object part = key.get(i);
      if (part instanceof Number number && !(part instanceof Integer)) {
        values.int8("k" + i, number.longValue());
      } else if (part instanceof Integer number) {
        values.int4("k" + i, number);
      } else {
        values.string("k" + i, (String) part);
      }
    }
    return values;
  }

  /** {@code prefix} followed by anything, as a LIKE pattern escaped with a backslash. */
  private static String likePrefix(String prefix) {
    return prefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%";
  }
}
