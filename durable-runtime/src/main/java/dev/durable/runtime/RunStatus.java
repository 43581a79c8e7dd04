package dev.durable.runtime;

import java.util.List;
import java.util.Optional;

/**
 * A snapshot of a run, its steps, in the order the run reached them, and the child runs it
 * started.
 *
 * <p>Steps are listed once they have a stored checkpoint, and the step an engine is executing right
 * now is listed as {@link StepState#RUNNING} when the snapshot comes from that engine.
 *
 * @param run the run; {@link RunInfo#parentId()} names the run that started it, if one did
 * @param steps its steps
 * @param children the runs it started from its {@code @Run} method (through a client made with
 *     {@code <Name>Client.of(WorkflowContext)}), oldest first
 * @param compensations once the run failed for good, the compensations of its completed steps, in
 *     the order they run; empty while it has not failed or if none of its completed steps has a
 *     {@code @Step(compensate = ...)}
 * @param input the run's input as stored: a JSON array, one element per stored parameter of its
 *     {@code @Run} method
 * @param output its result as stored, JSON; {@code null} until it completed
 */
public record RunStatus(
    RunInfo run, List<StepInfo> steps, List<RunInfo> children,
    List<CompensationInfo> compensations, String input, String output) {
  public RunStatus {
    steps = List.copyOf(steps);
    children = List.copyOf(children);
    compensations = List.copyOf(compensations);
  }

  /** A run with no compensations, shown without its input and output. */
  public RunStatus(RunInfo run, List<StepInfo> steps, List<RunInfo> children) {
    this(run, steps, children, List.of(), null, null);
  }

  /** The run's generation: {@link RunInfo#generation()}. */
  public int generation() {
    return run.generation();
  }

  /** The run and position it was forked from, if it is a fork: {@link RunInfo#forkedFrom()}. */
  public Optional<ForkPoint> forkedFrom() {
    return run.forkedFrom();
  }
}
