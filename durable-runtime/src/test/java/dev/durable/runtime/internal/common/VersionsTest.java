package dev.durable.runtime.internal.common;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** New runs start on the highest registered version, in the order a person reads versions. */
class VersionsTest {

  @Test
  void digitsCompareAsNumbersAndTheRestAsText() {
    List<String> versions = new ArrayList<>(List.of(
        "10", "2", "1", "2.10", "2.9", "2.9.1", "2026-01-15", "2025-12-31", "1-beta", "1b", "01"));
    versions.sort(Versions.ORDER);

    assertEquals(List.of("1", "01", "1-beta", "1b", "2", "2.9", "2.9.1", "2.10", "10",
        "2025-12-31", "2026-01-15"), versions);
  }

  @Test
  void equalVersionsCompareEqual() {
    assertEquals(0, Versions.compare("3.1", "3.1"));
  }
}
