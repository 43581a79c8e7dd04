package dev.durable.tests.support;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A thread-safe log of what test workflows and hooks did ("charge:1", "onStepStart:charge"), so
 * that a test can assert how often a step really executed.
 */
public final class Recorder {
  private final List<String> entries = Collections.synchronizedList(new ArrayList<>());

  public void record(String entry) {
    entries.add(entry);
  }

  public List<String> entries() {
    synchronized (entries) {
      return List.copyOf(entries);
    }
  }

  /** How many entries equal {@code entry}. */
  public long count(String entry) {
    return entries().stream().filter(entry::equals).count();
  }

  /** How many entries start with {@code prefix}. */
  public long countStartingWith(String prefix) {
    return entries().stream().filter(e -> e.startsWith(prefix)).count();
  }

  public void clear() {
    entries.clear();
  }
}
