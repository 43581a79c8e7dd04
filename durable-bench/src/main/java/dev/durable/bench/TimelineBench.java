package dev.durable.bench;

import static dev.durable.bench.Figures.f0;

import dev.durable.dashboard.TimelineTiming;
import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.RunExport;
import dev.durable.runtime.TaskInfo;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Phase (o): the dashboard's timeline of a run of {@link #STEPS} steps. One real run of {@link
 * TimelineBenchWorkflow} on a started engine (20 steps retried once, 3 sleeps between), then,
 * after {@link #WARMUP} renders, {@link #RENDERS} times: the engine's reads the timeline's page
 * makes ({@code export} of the run with its checkpoints and events, its tasks), the model (rows
 * from them, grouped to a view of at most 100 rows) and the SVG, and then the whole page as its
 * route renders it from the same data (model and SVG again, the legend, the template).
 */
final class TimelineBench {
  static final int STEPS = 2_000;
  static final int WARMUP = 200;
  static final int RENDERS = 500;

  record Result(Samples reads, Samples model, Samples svg, Samples render, Samples page,
      int checkpoints, int events, int positions, int rows, int svgChars) {}

  private TimelineBench() {}

  static Result run(Database database) throws Exception {
    try (BenchEngine bench = BenchEngine.plain(database, new TimelineBenchWorkflowDurable())) {
      DurableEngine engine = bench.engine();
      String runId = TimelineBenchWorkflowClient.of(engine).start(STEPS).id();
      TimelineBenchWorkflowClient.of(engine).get(runId).await(Duration.ofMinutes(10));
      Samples reads = new Samples();
      Samples model = new Samples();
      Samples svg = new Samples();
      Samples render = new Samples();
      Samples page = new Samples();
      TimelineTiming.Render last = null;
      RunExport.Run run = null;
      for (int i = 0; i < WARMUP + RENDERS; i++) {
        long start = System.nanoTime();
        run = engine.export(List.of(runId)).runs().get(0);
        List<TaskInfo> tasks = engine.tasks(runId);
        long read = System.nanoTime() - start;
        last = TimelineTiming.render(run, tasks, Instant.now());
        if (i >= WARMUP) {
          reads.add(read);
          model.add(last.modelNanos());
          svg.add(last.svgNanos());
          render.add(last.modelNanos() + last.svgNanos());
          page.add(last.pageNanos());
        }
      }
      return new Result(reads, model, svg, render, page, run.checkpoints().size(),
          run.events().size(), last.positions(), last.rows(), last.svgChars());
    }
  }

  static void report(Report report, Result m) {
    report.lines("Phase (o), the timeline of one run of " + f0(STEPS) + " steps (" + m.checkpoints()
        + " checkpoints, " + m.events() + " events; " + m.positions() + " rows drawn as "
        + m.rows() + ", an SVG of " + f0(m.svgChars()) + " characters), " + RENDERS
        + " renders after " + WARMUP + ":");
    Report.TableBuilder table = report.table("part", "p50", "p99");
    table.row("reads (export + tasks)", Samples.ms(m.reads().p50()), Samples.ms(m.reads().p99()));
    table.row("model (rows, grouped)", Samples.ms(m.model().p50()), Samples.ms(m.model().p99()));
    table.row("SVG", Samples.ms(m.svg().p50()), Samples.ms(m.svg().p99()));
    table.row("model + SVG", Samples.ms(m.render().p50()), Samples.ms(m.render().p99()));
    table.row("the page (model, SVG, template)", Samples.ms(m.page().p50()),
        Samples.ms(m.page().p99()));
  }
}
