package dev.durable.runtime.internal.turn;

import dev.durable.runtime.StepFailedException;
import dev.durable.runtime.internal.model.CheckpointRecord;
import dev.durable.runtime.spi.StepCall;
import java.time.Instant;

/** One branch: its call and position, and where it stands in this turn. */
final class Branch {
  final StepCall call;
  final int seq;
  /** The position of its group's first branch; null for a step called on its own. */
  final Integer group;
  /** A local branch's checkpoint, which its attempts take over. */
  CheckpointRecord existing;
  Object value;
  StepFailedException failure;
  boolean done;
  /** While it waits: until when (null: until a worker answers), and whether on a worker. */
  Instant wake;
  boolean onWorker;

  Branch(StepCall call, int seq, Integer group) {
    this.call = call;
    this.seq = seq;
    this.group = group;
  }

  boolean ended() {
    return done || failure != null;
  }

  void done(Object value) {
    this.value = value;
    this.done = true;
  }

  void fail(StepFailedException failure) {
    this.failure = failure;
  }

  void await(Instant wake, boolean onWorker) {
    this.wake = wake;
    this.onWorker = onWorker;
  }
}
