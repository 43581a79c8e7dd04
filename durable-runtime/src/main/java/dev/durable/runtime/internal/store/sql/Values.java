package dev.durable.runtime.internal.store.sql;

import java.time.Instant;
import java.util.Collection;

/**
 * The values of a statement's named parameters ({@link Sql}), each with its type, so that a null
 * is bound as a null of the column's type. A handful of names per statement: kept in two arrays
 * and found by identity first (the names are literals, as {@link Sql} interns those it reads).
 */
public final class Values {
  private String[] names = new String[8];
  private Object[] values = new Object[8];
  private int size;

  public Values string(String name, String value) {
    return put(name, value == null ? Params.Null.STRING : value);
  }

  public Values int4(String name, int value) {
    return put(name, value);
  }

  public Values nullableInt4(String name, Integer value) {
    return put(name, value == null ? Params.Null.INT : value);
  }

  public Values int8(String name, long value) {
    return put(name, value);
  }

  public Values instant(String name, Instant value) {
    return put(name, value == null ? Params.Null.INSTANT : value);
  }

  public Values bool(String name, Boolean value) {
    return put(name, value == null ? Params.Null.BOOLEAN : value);
  }

  /** An array of {@code elements}, of the database's element type {@code type} (varchar). */
  public Values array(String name, String type, Object[] elements) {
    return put(name, new Params.SqlArray(type, elements));
  }

  /** An array of strings: bound where a statement says {@code = ANY (:name)}. */
  public Values strings(String name, Collection<String> elements) {
    return array(name, "varchar", elements.toArray());
  }

  private Values put(String name, Object value) {
    for (int i = 0; i < size; i++) {
      if (names[i].equals(name)) {
        values[i] = value;
        return this;
      }
    }
    if (size == names.length) {
      names = java.util.Arrays.copyOf(names, size * 2);
      values = java.util.Arrays.copyOf(values, size * 2);
    }
    names[size] = name;
    values[size++] = value;
    return this;
  }

  /** The value named {@code name}, which statement {@code text} (told in the error) binds. */
  Object get(String name, String text) {
    for (int i = 0; i < size; i++) {
      if (names[i] == name) {
        return values[i];
      }
    }
    for (int i = 0; i < size; i++) {
      if (names[i].equals(name)) {
        return values[i];
      }
    }
    throw new IllegalArgumentException(
        "no value for :" + name + ", which this statement binds: " + text);
  }
}
