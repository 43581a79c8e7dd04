package dev.durable.runtime.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.type.TypeFactory;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A workflow type's step-graph fingerprint, and which runs' fingerprints it accepts. */
class WorkflowTypeTest {
  private static WorkflowType<String> type(String... graph) {
    return WorkflowType.<String>builder("graph", "1")
        .result(TypeFactory.defaultInstance().constructType(String.class))
        .graph(graph)
        .build();
  }

  private static String fingerprint(String... graph) {
    return type(graph).fingerprint().orElseThrow();
  }

  @Test
  void theFingerprintIsOneShortHashALineSortedWhateverTheOrder() {
    String fingerprint = fingerprint("run () -> java.lang.String", "step a () -> java.lang.Void");

    assertTrue(fingerprint.matches("[0-9a-f]{8} [0-9a-f]{8}"), fingerprint);
    assertEquals(fingerprint,
        fingerprint("step a () -> java.lang.Void", "run () -> java.lang.String"));
  }

  @Test
  void aClassThatAddsLinesAcceptsTheRunsOfTheOneBefore() {
    String before = fingerprint("run () -> java.lang.String", "step a () -> java.lang.Void");

    assertTrue(type("run () -> java.lang.String", "step a () -> java.lang.Void",
        "step b () -> java.lang.Void").accepts(before));
  }

  @Test
  void aClassThatChangedOrRemovedALineRefusesThem() {
    String before = fingerprint("run () -> java.lang.String", "step a () -> java.lang.Void");

    assertFalse(type("run () -> java.lang.String", "step a () -> java.lang.String")
        .accepts(before));
    assertFalse(type("run () -> java.lang.String").accepts(before));
  }

  @Test
  void withoutAGraphOnEitherSideNothingIsChecked() {
    assertEquals(Optional.empty(), type().fingerprint());
    assertTrue(type().accepts("0badf00d"));
    assertTrue(type("run () -> java.lang.String").accepts(null));
  }
}
