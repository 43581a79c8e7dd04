package dev.durable.runtime;

import java.util.List;

/**
 * A snapshot of a run and its steps, in the order the run reached them.
 *
 * <p>Steps are listed once they have a stored checkpoint, and the step an engine is executing right
 * now is listed as {@link StepState#RUNNING} when the snapshot comes from that engine.
 */
public record RunStatus(RunInfo run, List<StepInfo> steps) {
  public RunStatus {
    steps = List.copyOf(steps);
  }
}
