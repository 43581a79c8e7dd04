package dev.durable.runtime.internal.store.sql;

import java.util.List;
import java.util.function.Supplier;

/**
 * One write of a commit after its fence: {@code plain} as a statement of its own, binding {@code
 * rows} (each a row of a JDBC batch), or {@code fenced} in the run's one statement, binding
 * {@code values}; null where the write has no such form. {@code mustChange}, if not null, says
 * what went wrong when the write changed no row although the fence held (the fence keeps any
 * other turn from it: an engine bug).
 */
public record ProgressWrite(
    Sql plain, Sql fenced, Values values, Supplier<List<Values>> rows, String mustChange) {
  public ProgressWrite(Sql plain, Sql fenced, Values values, String mustChange) {
    this(plain, fenced, values, () -> List.of(values), mustChange);
  }
}
