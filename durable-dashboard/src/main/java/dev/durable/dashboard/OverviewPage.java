package dev.durable.dashboard;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.Overview;
import dev.durable.runtime.QueueInfo;
import dev.durable.runtime.TriggerInfo;
import dev.durable.runtime.WorkerInfo;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

/**
 * The overview ({@code /overview}, {@code overview.jte}), the runs at a glance: the runs started
 * and ended per minute of the last hour as a chart with its totals, the runs stuck past their
 * time, the queues of runs, the workers with how long each has been silent, and the triggers of
 * the dashboard's engine with what each did since it started.
 *
 * @param overview the counts and the stuck runs ({@link DurableEngine#overview})
 * @param chart the counts drawn
 * @param queues the queues of runs, by name
 * @param workers the workers seen within the hour, most recently seen first
 * @param triggers the triggers of the dashboard's engine, in the order registered
 * @param now when the page was read
 */
record OverviewPage(Overview overview, OverviewChart chart, List<QueueInfo> queues,
    List<WorkerInfo> workers, List<TriggerInfo> triggers, Instant now) {
  /** The period the chart counts in. */
  static final Duration PERIOD = Duration.ofMinutes(1);
  /** How far back the chart goes, from the start of the current minute. */
  static final Duration WINDOW = Duration.ofHours(1);

  /**
   * Reads the page: four reads of the operator API, each a range of an index, and the engine's
   * triggers' counts, held in memory.
   */
  static OverviewPage read(DurableEngine engine, Instant now) {
    Overview overview = engine.overview(
        now.truncatedTo(ChronoUnit.MINUTES).minus(WINDOW), PERIOD);
    return new OverviewPage(overview, OverviewChart.of(overview.buckets(), PERIOD),
        engine.queues(), engine.workers(), engine.triggers(), now);
  }

  /** The runs started, completed, failed and cancelled over the chart's window. */
  long[] totals() {
    return OverviewChart.totals(overview.buckets());
  }

  /** A trigger's lag: the messages its broker holds for it, or a dash before its first report. */
  static String lag(TriggerInfo trigger) {
    return trigger.lag().isPresent() ? Long.toString(trigger.lag().getAsLong()) : "–";
  }

  /** How long a worker has been silent: since its last claim, heartbeat or outcome. */
  String silence(WorkerInfo worker) {
    return Format.span(Duration.between(worker.lastSeenAt(), now).isNegative()
        ? Duration.ZERO : Duration.between(worker.lastSeenAt(), now));
  }
}
