package dev.durable.runtime.internal.store.sql;

import java.util.List;

/**
 * A column that holds payloads, or texts stored as payloads are (error messages, history details),
 * in their stored form: JSON, or encoded by a payload codec. Each catalogue names its own, for the
 * counts and the re-encoding of stored payloads ({@code StoredPayloads}).
 *
 * @param table the table, qualified with its schema
 * @param keys the columns of its primary key, in the order rows are walked
 * @param column the column
 */
public record PayloadColumn(String table, List<String> keys, String column) {
  public PayloadColumn {
    keys = List.copyOf(keys);
    if (keys.isEmpty() || keys.size() > 2) {
      throw new IllegalArgumentException("a key of one or two columns, not " + keys);
    }
  }

  /** {@code table.column}, as figures name it. */
  public String name() {
    int dot = table.lastIndexOf('.');
    return (dot < 0 ? table : table.substring(dot + 1)).replace("\"", "") + "." + column;
  }

  /** The columns of {@code table} named, with the same key. */
  public static List<PayloadColumn> of(String table, List<String> keys, String... columns) {
    return java.util.Arrays.stream(columns).map(c -> new PayloadColumn(table, keys, c)).toList();
  }
}
