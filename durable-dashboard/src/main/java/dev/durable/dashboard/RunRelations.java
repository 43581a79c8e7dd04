package dev.durable.dashboard;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.ForkPoint;
import dev.durable.runtime.RunFilter;
import dev.durable.runtime.RunInfo;
import dev.durable.runtime.RunStatus;
import dev.durable.runtime.ScheduleInfo;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * A run's relations, as its page links them both ways: the run that started it and those it
 * started, the run it was forked from and the forks made from it, its generation (a run that
 * continued as new keeps its id, and its earlier generations' history is gone), and the schedule
 * that fired it.
 *
 * @param parentId the run that started it as a child, if one did
 * @param children the runs it started, oldest first, at most {@link #LISTED}
 * @param moreChildren how many children {@link #children} leaves out
 * @param forkedFrom the run and position it was forked from, if it is a fork
 * @param forks the forks made from it, newest first, at most {@link #LISTED}
 * @param moreForks whether there are forks {@link #forks} leaves out
 * @param generation its generation: 1, and one more at each continue-as-new
 * @param schedule the workflow whose {@code @Schedule} fired it, if one did
 * @param scheduledAt the fire time it serves, if a schedule fired it
 */
record RunRelations(
    Optional<String> parentId, List<RunInfo> children, int moreChildren,
    Optional<ForkPoint> forkedFrom, List<RunInfo> forks, boolean moreForks, int generation,
    Optional<String> schedule, Optional<Instant> scheduledAt) {
  /** The most children and forks listed; the runs list shows them all. */
  static final int LISTED = 20;

  /** The relations of the run {@code status} shows; reads its forks (one indexed query). */
  static RunRelations of(DurableEngine engine, RunStatus status) {
    RunInfo run = status.run();
    List<RunInfo> forks = engine.listRuns(
        RunFilter.builder().forkedFrom(run.id()).limit(LISTED + 1).build());
    List<RunInfo> children = status.children();
    Optional<String> schedule = run.scheduledAt().isPresent()
        && run.id().startsWith(ScheduleInfo.RUN_ID_PREFIX)
        ? Optional.of(run.workflowName()) : Optional.empty();
    return new RunRelations(run.parentId(),
        children.subList(0, Math.min(LISTED, children.size())),
        Math.max(0, children.size() - LISTED), run.forkedFrom(),
        forks.subList(0, Math.min(LISTED, forks.size())), forks.size() > LISTED,
        run.generation(), schedule, run.scheduledAt());
  }

  /** Whether the run has no relation to show: started alone, never forked, first generation. */
  boolean isEmpty() {
    return parentId.isEmpty() && children.isEmpty() && forkedFrom.isEmpty() && forks.isEmpty()
        && generation == 1 && schedule.isEmpty();
  }

  /** How many times the run continued as new: its generation less one. */
  int continuedAsNew() {
    return generation - 1;
  }
}
