package dev.durable.processor.lock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The lock file's text, read and written, and what counts as a change to a locked graph. */
class LockFileTest {
  private static final String LOCKED =
      LockFile.HEADER
          + "\n"
          + "workflow approval 1\n"
          + "  on-failure\n"
          + "  route payment declined\n"
          + "  run (java.lang.String, java.lang.Integer) -> java.lang.String\n"
          + "  signal decision -> java.util.Map<java.lang.String, java.lang.Boolean>\n"
          + "  step record (java.lang.String) -> java.lang.Void\n"
          + "\n"
          + "workflow approval 2\n"
          + "  run () -> java.lang.Void\n";

  private static StepGraph approval(Map<String, String> entries) {
    return new StepGraph("approval", "1", new TreeMap<>(entries));
  }

  private static Map<String, String> locked() {
    return Map.of(
        "on-failure", "",
        "route payment declined", "",
        "run", "(java.lang.String, java.lang.Integer) -> java.lang.String",
        "signal decision", "-> java.util.Map<java.lang.String, java.lang.Boolean>",
        "step record", "(java.lang.String) -> java.lang.Void");
  }

  @Test
  void whatIsReadIsWrittenTheSame() {
    LockFile lock = LockFile.parse(LOCKED);

    assertEquals(LOCKED, lock.format());
    assertEquals(approval(locked()), lock.locked("approval", "1").orElseThrow());
  }

  @Test
  void eachKindOfEntryNamesWhatChanged() {
    Map<String, String> now = new TreeMap<>(locked());
    now.remove("on-failure");
    now.put("run", "(java.lang.String) -> java.lang.String");
    now.put("signal decision", "-> java.lang.Boolean");

    assertEquals(
        List.of(
            "the @OnFailure method was removed",
            "the @Run method: parameters changed from (java.lang.String, java.lang.Integer) to"
                + " (java.lang.String)",
            "signal 'decision': value changed from java.util.Map<java.lang.String,"
                + " java.lang.Boolean> to java.lang.Boolean"),
        approval(now).changesSince(approval(locked())));
  }

  @Test
  void anIncompatibleGraphLeavesTheLockAsItWas() {
    LockFile lock = LockFile.parse(LOCKED);
    Map<String, String> now = new TreeMap<>(locked());
    now.remove("step record");
    now.put("step other", "() -> java.lang.Void");

    assertEquals(List.of("step 'record' was removed"), lock.check(approval(now)));
    assertEquals(LOCKED, lock.format());
  }

  @Test
  void aLineOutsideASectionIsNotUnderstood() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> LockFile.parse("  step a () -> x\n"));

    assertEquals("line 1 is not understood: '  step a () -> x'", e.getMessage());
  }
}
