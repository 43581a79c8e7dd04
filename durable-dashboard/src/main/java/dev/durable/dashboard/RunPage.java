package dev.durable.dashboard;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.HistoryEvent;
import dev.durable.runtime.Overview;
import dev.durable.runtime.RunStatus;
import dev.durable.runtime.TaskInfo;
import gg.jte.Content;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A run's page ({@code /runs/<id>}, {@code run.jte}): what it is and where, its error, the actions
 * an operator may take on it, its input and output, its steps with their attempts, its
 * compensations, children, dispatched tasks, signals and the event log, and its relations to
 * other runs.
 *
 * @param positions its steps and waits, in order
 * @param stepEvents each step's {@code step.*} events, by step name, in the history's order
 * @param relations its parent and children, fork origin and forks, generation and schedule
 * @param timeline its first rows of the timeline, linking to the whole ({@link TimelinePage});
 *     null if the run could not be exported
 * @param stuck since when it waits past its time, if it is stuck ({@link DurableEngine#stuck}):
 *     the page says so, and why ({@link Overview.Stuck#reason})
 */
record RunPage(RunStatus status, List<Positions.Position> positions, List<HistoryEvent> history,
    List<TaskInfo> tasks, Instant now, Map<String, List<HistoryEvent>> stepEvents,
    RunRelations relations, Content timeline, Optional<Overview.Stuck> stuck) {

  /** The page of a run; its history is grouped by step once, not read again for every step. */
  static RunPage of(RunStatus status, List<Positions.Position> positions,
      List<HistoryEvent> history, List<TaskInfo> tasks, Instant now, RunRelations relations,
      Content timeline, Optional<Overview.Stuck> stuck) {
    Map<String, List<HistoryEvent>> byStep = new HashMap<>();
    for (HistoryEvent event : history) {
      if (event.type().startsWith("step.") && event.step().isPresent()) {
        byStep.computeIfAbsent(event.step().get(), step -> new ArrayList<>()).add(event);
      }
    }
    return new RunPage(
        status, positions, history, tasks, now, byStep, relations, timeline, stuck);
  }

  /** The {@code step.*} events of the step called {@code name}. */
  List<HistoryEvent> eventsOf(String name) {
    return stepEvents.getOrDefault(name, List.of());
  }

  /** The history's signal events, for their own table. */
  List<HistoryEvent> signals() {
    return history.stream().filter(event -> event.type().startsWith("signal.")).toList();
  }

  /** The table of the run's dispatched tasks, without a run column or buttons. */
  TasksTable taskTable() {
    return new TasksTable(tasks, now, false, Viewer.readOnly(), null);
  }
}
