package dev.durable.runtime.internal.turn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.type.TypeFactory;
import dev.durable.runtime.NonDeterminismException;
import dev.durable.runtime.StepState;
import dev.durable.runtime.codec.Payloads;
import dev.durable.runtime.internal.model.CheckpointKind;
import dev.durable.runtime.internal.model.CheckpointRecord;
import dev.durable.runtime.internal.model.Commit;
import dev.durable.runtime.internal.model.WorkflowKey;
import dev.durable.runtime.spi.StepType;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Step calls and timers matched to a run's checkpoints by position, kind, name and arguments. */
class ReplayLogTest {
  private static final Instant T = Instant.parse("2026-01-01T00:00:00Z");
  private static final WorkflowKey CHECKOUT = new WorkflowKey("checkout", "1");
  private static final Payloads PAYLOADS = new Payloads(Payloads.defaultMapper(), 1000);
  private static final StepType<String> CHARGE = StepType.<String>builder("charge")
      .param("amount", TypeFactory.defaultInstance().constructType(int.class))
      .result(TypeFactory.defaultInstance().constructType(String.class))
      .build();

  private final CheckpointRecord sleep = checkpoint(0, CheckpointKind.SLEEP, "sleep", null, null);
  private final CheckpointRecord charge =
      checkpoint(1, CheckpointKind.STEP, "charge", PAYLOADS.encodeArgs(CHARGE.params(),
          new Object[] {10}), null);
  private final CheckpointRecord dispatched =
      checkpoint(2, CheckpointKind.REMOTE, "charge", null, 2);
  private final ReplayLog log =
      new ReplayLog("r-1", CHECKOUT, List.of(sleep, charge, dispatched), PAYLOADS, false);

  @Test
  void aCallPastTheRecordedCheckpointsMatchesNothing() {
    assertEquals(3, log.size());
    assertNull(log.at(3));
    assertNull(log.matchSleep(3));
    assertNull(log.matchStep(3, CheckpointKind.STEP, CHARGE, new Object[] {10}));
  }

  @Test
  void aCallOfWhatWasRecordedMatchesItsCheckpoint() {
    assertSame(sleep, log.matchSleep(0));
    assertSame(charge, log.matchStep(1, CheckpointKind.STEP, CHARGE, new Object[] {10}));
    assertSame(dispatched, log.matchStep(2, CheckpointKind.REMOTE, CHARGE, new Object[] {99}),
        "a step whose arguments could not be stored is not compared by them");
  }

  @Test
  void aSleepWhereAStepWasRecordedIsNonDeterministic() {
    NonDeterminismException e = assertThrows(NonDeterminismException.class,
        () -> log.matchSleep(1));
    assertEquals("run r-1 of " + CHECKOUT + " called a sleep at position 1, where it had"
        + " recorded step 'charge': the workflow's code changed under a running version; deploy"
        + " the old code for this version, or give the changed workflow a new version",
        e.getMessage());
  }

  @Test
  void aStepWhereATimerOrAnotherStepWasRecordedIsNonDeterministic() {
    StepType<String> refund = StepType.<String>builder("refund")
        .result(TypeFactory.defaultInstance().constructType(String.class))
        .build();
    assertTrue(assertThrows(NonDeterminismException.class,
            () -> log.matchStep(0, CheckpointKind.STEP, CHARGE, new Object[] {10}))
        .getMessage().contains("called step 'charge' at position 0, where it had recorded a sleep"));
    assertTrue(assertThrows(NonDeterminismException.class,
            () -> log.matchStep(1, CheckpointKind.STEP, refund, new Object[0]))
        .getMessage().contains("called step 'refund' at position 1, where it had recorded step"
            + " 'charge'"));
  }

  @Test
  void aRecordedValueMatchesOnlyTheSameHelperAtItsPosition() {
    CheckpointRecord now = checkpoint(3, CheckpointKind.VALUE, "now", null, null);
    log.written(new Commit.CheckpointWrite(now, true));
    assertSame(now, log.matchValue(3, "now"));
    assertNull(log.matchValue(4, "random"), "past the recorded checkpoints: drawn anew");
    assertTrue(assertThrows(NonDeterminismException.class, () -> log.matchValue(3, "randomUUID"))
        .getMessage().contains(
            "called ctx.randomUUID() at position 3, where it had recorded ctx.now()"));
    assertTrue(assertThrows(NonDeterminismException.class, () -> log.matchValue(1, "now"))
        .getMessage().contains("called ctx.now() at position 1, where it had recorded step"
            + " 'charge'"));
    assertTrue(assertThrows(NonDeterminismException.class,
            () -> log.matchStep(3, CheckpointKind.STEP, CHARGE, new Object[] {10}))
        .getMessage().contains("called step 'charge' at position 3, where it had recorded"
            + " ctx.now()"));
    assertTrue(assertThrows(NonDeterminismException.class, () -> log.matchSleep(3))
        .getMessage().contains("called a sleep at position 3, where it had recorded ctx.now()"));
  }

  @Test
  void aLocalStepWhereItWasDispatchedIsNonDeterministicAndSoIsTheReverse() {
    assertTrue(assertThrows(NonDeterminismException.class,
            () -> log.matchStep(1, CheckpointKind.REMOTE, CHARGE, new Object[] {10}))
        .getMessage().contains("called dispatched step 'charge' at position 1"));
    assertTrue(assertThrows(NonDeterminismException.class,
            () -> log.matchStep(2, CheckpointKind.STEP, CHARGE, new Object[] {10}))
        .getMessage().contains("called step 'charge' at position 2"));
  }

  @Test
  void aStepCalledWithOtherArgumentsThanRecordedIsNonDeterministic() {
    NonDeterminismException e = assertThrows(NonDeterminismException.class,
        () -> log.matchStep(1, CheckpointKind.STEP, CHARGE, new Object[] {11}));
    assertTrue(e.getMessage().startsWith("run r-1 of " + CHECKOUT + " called step 'charge' at"
        + " position 1 with arguments other than those it recorded there ("), e.getMessage());
    assertTrue(e.getMessage().endsWith("or passes the step a value that is not deterministic (the"
        + " time, a random number); deploy the old code for this version, or give the changed"
        + " workflow a new version"), e.getMessage());
  }

  @Test
  void aWrittenCheckpointIsAddedAtTheEndOrReplacesTheOneAtItsPosition() {
    CheckpointRecord next = checkpoint(3, CheckpointKind.STEP, "ship", null, null);
    log.written(new Commit.CheckpointWrite(next, true));
    CheckpointRecord completed = CheckpointBuilder.copyOf(charge)
        .status(StepState.COMPLETED).output("\"ok\"").build();
    log.written(new Commit.CheckpointWrite(completed, false));
    assertEquals(4, log.size());
    assertSame(next, log.at(3));
    assertSame(completed, log.at(1));
  }

  @Test
  void aNewCheckpointKeepsTheKindAndGroupOfTheOneItReplaces() {
    CheckpointRecord replacing = log.checkpoint(2, "charge")
        .status(StepState.FAILED).attempts(3).startedAt(T).updatedAt(T).build();
    assertEquals(CheckpointKind.REMOTE, replacing.kind());
    assertEquals(2, replacing.groupSeq());
    assertEquals(3, replacing.attempts());
    assertNull(replacing.output());

    CheckpointRecord fresh = log.checkpoint(3, "ship")
        .status(StepState.PENDING).startedAt(T).updatedAt(T).build();
    assertEquals(CheckpointKind.STEP, fresh.kind());
    assertNull(fresh.groupSeq());
    assertEquals("r-1", fresh.runId());
  }

  private static CheckpointRecord checkpoint(
      int seq, CheckpointKind kind, String name, String input, Integer group) {
    return CheckpointBuilder.at("r-1", seq, kind, name)
        .status(StepState.RUNNING).input(input).startedAt(T).updatedAt(T).group(group).build();
  }
}
