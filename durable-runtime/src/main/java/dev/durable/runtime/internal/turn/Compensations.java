package dev.durable.runtime.internal.turn;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.JsonRecyclerPools;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.durable.runtime.CompensationInfo;
import dev.durable.runtime.RunState;
import dev.durable.runtime.StepState;
import dev.durable.runtime.internal.common.Errors;
import dev.durable.runtime.internal.model.CheckpointKind;
import dev.durable.runtime.internal.model.CheckpointRecord;
import dev.durable.runtime.internal.model.RunRecord;
import dev.durable.runtime.spi.StepType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The compensations of a turn: the completed steps that have a {@code @Step(compensate = ...)},
 * noted in the order the turn meets them (replayed or executed), and, once the run has failed for
 * good, the plan to undo them, the last completed first.
 *
 * <p>The plan is recorded as the failure-handling marker: a {@link CheckpointKind#VALUE}
 * checkpoint named {@value #MARKER}, at the position that follows the failure, whose output lists
 * the plan as JSON. Each compensation is then one step call, so the {@code i}-th takes the marker's
 * position {@code + 1 + i}, and the {@code @OnFailure} clean-up's checkpoints come after them.
 * The status API reads the plan back from there, and {@code requeue} decides from it what a retry
 * means (see {@link #toDropOnRequeue}). A run that fails with neither compensations nor a
 * clean-up records no marker.
 *
 * <p>Belongs to the turn's thread.
 */
public final class Compensations {
  /** The name of the failure-handling marker. */
  static final String MARKER = CheckpointKind.FAILURE_HANDLING;

  /** Its buffers shared, not kept per thread: see {@code Payloads}. */
  private static final ObjectMapper JSON = new ObjectMapper(
      JsonFactory.builder().recyclerPool(JsonRecyclerPools.sharedConcurrentDequePool()).build());

  /** A completed step to undo, with what it was called with and returned. */
  public record Due(StepType<?> step, int seq, Object[] args, Object result) {}

  /** One entry of a recorded plan. */
  record Planned(String step, int position, String compensation) {}

  /** The recorded plan: the failure's code and the compensations, in the order they run. */
  record Plan(String code, List<Planned> compensations) {
    Plan {
      compensations = List.copyOf(compensations);
    }

    String encode() {
      try {
        return JSON.writeValueAsString(this);
      } catch (JsonProcessingException e) {
        throw new IllegalStateException("cannot write a compensation plan", e);
      }
    }

    /** The plan recorded in {@code marker}'s output. */
    static Plan decode(String text) throws JsonProcessingException {
      return JSON.readValue(text, Plan.class);
    }
  }

  private final List<Due> completed = new ArrayList<>();
  private boolean closed;

  /** Notes that {@code step} completed at {@code seq}, if it has a compensation. */
  void completed(StepType<?> step, int seq, Object[] args, Object result) {
    if (!closed && step.compensation().isPresent()) {
      completed.add(new Due(step, seq, args.clone(), result));
    }
  }

  /**
   * The compensations to run now that the run failed for good, the last completed first; steps
   * completed from now on (by the compensations and the clean-up) are not noted.
   */
  List<Due> close() {
    closed = true;
    List<Due> due = new ArrayList<>(completed);
    Collections.reverse(due);
    return due;
  }

  /** The plan of {@code due} after a failure with {@code code}. */
  static Plan plan(String code, List<Due> due) {
    return new Plan(code, due.stream()
        .map(d -> new Planned(d.step().name(), d.seq(), d.step().compensation().orElseThrow()))
        .toList());
  }

  /**
   * The failure-handling marker among a run's checkpoints, the last if several: a requeued run that
   * failed again records another.
   */
  static Optional<CheckpointRecord> marker(List<CheckpointRecord> checkpoints) {
    CheckpointRecord marker = null;
    for (CheckpointRecord checkpoint : checkpoints) {
      if (checkpoint.kind() == CheckpointKind.VALUE && checkpoint.name().equals(MARKER)) {
        marker = checkpoint;
      }
    }
    return Optional.ofNullable(marker);
  }

  /**
   * What a run's status shows of its compensations: those of its plan, each with the state of its
   * step's checkpoint, or {@link StepState#PENDING} before it has one. Empty without a plan, or if
   * its marker cannot be read (the status shows the raw checkpoints then).
   */
  public static List<CompensationInfo> status(List<CheckpointRecord> checkpoints) {
    Optional<CheckpointRecord> marker = marker(checkpoints);
    if (marker.isEmpty()) {
      return List.of();
    }
    Plan plan;
    try {
      plan = Plan.decode(marker.get().output());
    } catch (JsonProcessingException | IllegalArgumentException e) {
      return List.of();
    }
    List<CompensationInfo> infos = new ArrayList<>();
    for (int i = 0; i < plan.compensations().size(); i++) {
      Planned planned = plan.compensations().get(i);
      int seq = marker.get().seq() + 1 + i;
      StepState state = checkpoints.stream()
          .filter(c -> c.seq() == seq && c.kind().isStep())
          .map(CheckpointRecord::status)
          .findFirst()
          .orElse(StepState.PENDING);
      infos.add(new CompensationInfo(
          planned.step(), planned.position(), planned.compensation(), state));
    }
    return infos;
  }

  /**
   * What a requeue of failed run {@code run}, with {@code checkpoints}, drops of its failure's handling (see {@link
   * Compensations}): nothing if it has none, or if a compensation failed (the requeue goes on
   * with the compensations where they stopped); the handling's checkpoints, from its marker on, if
   * nothing was to be undone (the run is retried, and cleaned up again if it fails again).
   *
   * @return the marker's position; null to drop nothing
   * @throws IllegalStateException if the run's steps were undone: it cannot be retried
   */
  public static Integer toDropOnRequeue(RunRecord run, List<CheckpointRecord> checkpoints) {
    if (run.status() != RunState.FAILED
        || (run.error() != null && run.error().code().equals(Errors.COMPENSATION_FAILED))) {
      return null;
    }
    Optional<CheckpointRecord> marker = marker(checkpoints);
    if (marker.isEmpty()) {
      return null;
    }
    List<CompensationInfo> undone = status(checkpoints);
    if (!undone.isEmpty()) {
      throw new IllegalStateException(
          "run " + run.runId() + " failed and its completed steps were undone ("
              + undone.stream().map(c -> c.compensation() + " undid " + c.step())
                  .collect(Collectors.joining(", "))
              + "): a retry would go on from steps whose effects are gone, so it cannot be"
              + " requeued; start a new run instead");
    }
    return marker.get().seq();
  }

  /**
   * Why an operator's cancel of a run that has not ended changed nothing: the run failed and is
   * undoing its completed steps (the store refuses to cancel it while it holds {@link #MARKER}).
   */
  public static IllegalStateException cancelRefused(String runId) {
    return new IllegalStateException("run " + runId + " failed and is undoing its completed"
        + " steps (its compensations, then its @OnFailure): a cancel would leave them half-done,"
        + " so nothing was cancelled; the run ends FAILED when they are done (its status lists"
        + " them)");
  }
}
