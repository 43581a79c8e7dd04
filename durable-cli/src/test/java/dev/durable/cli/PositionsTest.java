package dev.durable.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.durable.cli.Positions.Position;
import dev.durable.runtime.RunExport;
import dev.durable.runtime.RunInfo;
import dev.durable.runtime.RunState;
import dev.durable.runtime.RunStatus;
import dev.durable.runtime.StepInfo;
import dev.durable.runtime.StepState;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * What {@code show} lists at each position of a run: the status API's steps as they are, and each
 * other checkpoint (a value, a child's start and await, a sleep, a signal wait) described, in
 * position order, with nothing left out.
 */
class PositionsTest {
  private static final Instant T = Instant.parse("2026-01-05T09:00:00Z");

  @Test
  void everyPositionIsListedInOrderWithWhatItWaitsFor() {
    StepInfo charge = new StepInfo(0, "charge", StepState.COMPLETED, 1, null, null);
    StepInfo label = new StepInfo(6, "label", StepState.RETRYING, 2, "printer jam", T);
    RunStatus status = new RunStatus(
        RunInfo.builder("r-1", "order", "1", RunState.SLEEPING).wakeAt(T).createdAt(T).updatedAt(T)
            .build(),
        List.of(charge, label), List.of());
    List<RunExport.Checkpoint> checkpoints = List.of(
        checkpoint(0, "STEP", "charge", StepState.COMPLETED, null, null, null),
        checkpoint(1, "VALUE", "now", StepState.COMPLETED, null, "2026-01-05T09:00:00Z", null),
        checkpoint(2, "CHILD", "payout", StepState.COMPLETED, null, "\"r-1-2\"", null),
        checkpoint(3, "AWAIT", "payout", StepState.COMPLETED, "\"r-1-2\"", "\"paid\"", null),
        checkpoint(4, "SLEEP", "sleep", StepState.COMPLETED, null, null, T),
        checkpoint(5, "SIGNAL", "decision", StepState.COMPLETED, null, "\"approve\"", null),
        checkpoint(6, "REMOTE", "label", StepState.RETRYING, null, null, T),
        checkpoint(7, "SIGNAL", "confirm", StepState.PENDING, null, null, T.plusSeconds(60)),
        checkpoint(8, "AWAIT", "refund", StepState.RUNNING, "\"r-1-8\"", null, null));

    assertEquals(List.of(
            new Position(0, "step", "charge", "COMPLETED", 1, null),
            new Position(1, "value", "now", "COMPLETED", null, "2026-01-05T09:00:00Z"),
            new Position(2, "child start", "payout", "COMPLETED", null, "run r-1-2"),
            new Position(3, "child await", "payout", "COMPLETED", null, "run r-1-2"),
            new Position(4, "sleep", "sleep", "COMPLETED", null, "until 2026-01-05T09:00:00Z"),
            new Position(5, "signal", "decision", "COMPLETED", null, "took \"approve\""),
            new Position(6, "remote step", "label", "RETRYING", 2,
                "next attempt 2026-01-05T09:00:00Z: printer jam"),
            new Position(7, "signal", "confirm", "WAITING", null, "until 2026-01-05T09:01:00Z"),
            new Position(8, "child await", "refund", "WAITING", null,
                "run r-1-8, without limit")),
        Positions.of(status, checkpoints));
  }

  @Test
  void anEventOrStreamWriteShowsItsKey() {
    RunStatus status = new RunStatus(
        RunInfo.builder("r-3", "chat", "1", RunState.RUNNING).createdAt(T).updatedAt(T)
            .build(),
        List.of(), List.of());
    List<RunExport.Checkpoint> checkpoints = List.of(
        checkpoint(0, "VALUE", "setEvent", StepState.COMPLETED, "progress", null, null),
        checkpoint(1, "VALUE", "writeStream", StepState.COMPLETED, "tokens", null, null));

    assertEquals(List.of(
            new Position(0, "value", "setEvent", "COMPLETED", null, "key progress"),
            new Position(1, "value", "writeStream", "COMPLETED", null, "key tokens")),
        Positions.of(status, checkpoints));
  }

  @Test
  void aStepInFlightWithoutACheckpointYetIsListed() {
    RunStatus status = new RunStatus(
        RunInfo.builder("r-2", "order", "1", RunState.RUNNING).createdAt(T).updatedAt(T)
            .build(),
        List.of(new StepInfo(0, "charge", StepState.RUNNING, 1, null, null)), List.of());

    assertEquals(List.of(new Position(0, "step", "charge", "RUNNING", 1, null)),
        Positions.of(status, List.of()));
  }

  private static RunExport.Checkpoint checkpoint(int position, String kind, String name,
      StepState status, String input, String output, Instant wakeAt) {
    return new RunExport.Checkpoint(position, kind, name, status, 0, Optional.ofNullable(input),
        Optional.ofNullable(output), Optional.empty(), Optional.ofNullable(wakeAt),
        Optional.of(T), Optional.of(T), Optional.empty());
  }
}
