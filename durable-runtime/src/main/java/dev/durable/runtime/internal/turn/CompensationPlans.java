package dev.durable.runtime.internal.turn;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.durable.runtime.NonDeterminismException;
import dev.durable.runtime.RunError;
import dev.durable.runtime.internal.common.Errors;
import dev.durable.runtime.internal.model.EventType;
import dev.durable.runtime.internal.model.NewEvent;
import dev.durable.runtime.internal.model.RunRecord;
import dev.durable.runtime.internal.time.Time;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Records, where a run's failure handling begins, the plan to undo its completed steps (see {@link
 * Compensations}), and checks on a replay that the workflow still plans what the run recorded.
 */
final class CompensationPlans {
  private final RecordedValues values;
  private final TurnControl control;
  private final RunRecord run;
  private final Time time;

  CompensationPlans(RecordedValues values, TurnControl control, RunRecord run, Time time) {
    this.values = values;
    this.control = control;
    this.run = run;
    this.time = time;
  }

  /**
   * Records at position {@code seq} that the handling of {@code failure} begins: the marker with
   * the plan to undo {@code due}; on a replay, stops the turn, failing the run, if the workflow now
   * plans otherwise than the run recorded.
   */
  void record(int seq, RunError failure, List<Compensations.Due> due) {
    Compensations.Plan plan = Compensations.plan(failure.code(), due);
    List<NewEvent> events = due.isEmpty()
        ? List.of()
        : List.of(EventType.RUN_COMPENSATING.run(
            "after [" + failure.code() + "]: " + plan.compensations().stream()
                .map(p -> p.compensation() + " undoes " + p.step() + " (position " + p.position()
                    + ")")
                .collect(Collectors.joining(", ")),
            time.now()));
    String recorded = values.marker(seq, Compensations.MARKER, plan.encode(), events);
    Compensations.Plan was;
    try {
      was = Compensations.Plan.decode(recorded);
    } catch (JsonProcessingException | IllegalArgumentException e) {
      was = null;
    }
    if (!plan.equals(was)) {
      throw control.stop(
          TurnStop.Reason.FAILED,
          Errors.engine(
              "run " + run.runId() + " recorded at position " + seq + " that it would undo "
                  + recorded + ", but the workflow's code now plans " + plan.encode()
                  + ": it changed which steps it compensates since the run failed; restore the"
                  + " code it failed with and requeue the run, or cancel it",
              Errors.NON_DETERMINISM, NonDeterminismException.class),
          null);
    }
  }
}
