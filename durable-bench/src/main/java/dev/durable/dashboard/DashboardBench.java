package dev.durable.dashboard;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.HistoryEvent;
import dev.durable.runtime.Overview;
import dev.durable.runtime.PayloadReencoding;
import dev.durable.runtime.QueueInfo;
import dev.durable.runtime.RunError;
import dev.durable.runtime.RunExport;
import dev.durable.runtime.RunFilter;
import dev.durable.runtime.RunInfo;
import dev.durable.runtime.RunState;
import dev.durable.runtime.RunStatus;
import dev.durable.runtime.ScheduleInfo;
import dev.durable.runtime.StepInfo;
import dev.durable.runtime.StepState;
import dev.durable.runtime.StoredSchedule;
import dev.durable.runtime.TaskInfo;
import dev.durable.runtime.TaskQueueInfo;
import dev.durable.runtime.TriggerInfo;
import dev.durable.runtime.WorkerInfo;
import dev.durable.runtime.WorkflowShape;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Phase (m): how long the dashboard takes to answer a page from data already read, through its
 * router (no HTTP server, no store: the engine is a stand-in that hands back the same records
 * every time), so that the figure is the page's rendering alone. Three pages: a run of {@value
 * #STEPS} steps (its steps, their attempts and 2 events each), the runs list at 100 per page, and
 * a workflow version's graph of {@value #SHAPE_NODES} nodes (laid out and drawn as SVG).
 * Lives in the dashboard's package to reach its package-private router; the same class compiles
 * against the dashboard before and after a change, so the two can be compared.
 */
public final class DashboardBench {
  private DashboardBench() {}

  /** Steps of the run whose page is rendered. */
  public static final int STEPS = 2000;
  /** Runs on the list's page. */
  public static final int LISTED = 100;
  /** Nodes of the workflow shape drawn: 40 times a step, an if/else of 3 steps, a loop of 2. */
  public static final int SHAPE_NODES = 40 * 8;

  /** One page's render times: median and 90th percentile in milliseconds, and its size. */
  public record Figure(String page, int renders, double p50Ms, double p90Ms, int bytes) {}

  /** Renders each page for a while to warm up, then {@code renders} times measured. */
  public static List<Figure> run(int renders, Consumer<String> progress) {
    Clock clock = Clock.fixed(Instant.parse("2026-12-06T06:00:00Z"), ZoneOffset.UTC);
    Router router = new Router(new Stand(clock.instant()), new Sessions(null, clock), clock,
        Duration.ofSeconds(2));
    List<Figure> figures = new ArrayList<>();
    figures.add(measure(router, "run page, " + STEPS + " steps", "/runs/big", renders, progress));
    figures.add(measure(router, "runs list, " + LISTED + " runs", "/?limit=" + LISTED, renders,
        progress));
    figures.add(measure(router, "workflow graph, " + SHAPE_NODES + " nodes", "/workflows/invoice/1",
        renders, progress));
    return figures;
  }

  private static Figure measure(Router router, String page, String path, int renders,
      Consumer<String> progress) {
    Request request = Request.get(path);
    int bytes = 0;
    long warmUntil = System.nanoTime() + Duration.ofSeconds(5).toNanos();
    while (System.nanoTime() < warmUntil) {
      bytes = check(router.respond(request)).body().length;
    }
    long[] nanos = new long[renders];
    for (int i = 0; i < renders; i++) {
      long start = System.nanoTime();
      check(router.respond(request));
      nanos[i] = System.nanoTime() - start;
    }
    Arrays.sort(nanos);
    Figure figure = new Figure(page, renders, nanos[renders / 2] / 1e6,
        nanos[renders * 9 / 10] / 1e6, bytes);
    progress.accept(String.format("%s: p50 %.2f ms, p90 %.2f ms, %,d bytes", page,
        figure.p50Ms(), figure.p90Ms(), bytes));
    return figure;
  }

  private static Response check(Response response) {
    if (response.status() != 200) {
      throw new IllegalStateException("the page answered " + response.status());
    }
    return response;
  }

  public static void main(String[] args) {
    int renders = args.length > 0 ? Integer.parseInt(args[0]) : 200;
    run(renders, System.out::println);
  }

  /** An engine that answers reads with the same made-up records and takes no action. */
  private static final class Stand implements DurableEngine {
    private final RunStatus big;
    private final List<HistoryEvent> history = new ArrayList<>();
    private final List<RunInfo> runs = new ArrayList<>();

    Stand(Instant now) {
      Instant start = now.minus(Duration.ofHours(1));
      List<StepInfo> steps = new ArrayList<>();
      for (int i = 0; i < STEPS; i++) {
        String name = "step-" + i;
        Instant at = start.plusMillis(i * 100L);
        steps.add(new StepInfo(i, name, StepState.COMPLETED, 1, null, null,
            "{\"order\":\"ord-" + i + "\",\"amount\":" + i + "}", "{\"ok\":true,\"n\":" + i + "}"));
        history.add(new HistoryEvent(2L * i, "big", at, "step.started", Optional.of(name), 1, ""));
        history.add(new HistoryEvent(2L * i + 1, "big", at.plusMillis(40), "step.completed",
            Optional.of(name), 1, "took 40 ms"));
      }
      big = new RunStatus(run("big", RunState.COMPLETED, start, Optional.empty()), steps,
          List.of(), List.of(), "{\"customer\":\"ada\"}", "{\"total\":1200}");
      for (int i = 0; i <= LISTED; i++) {
        runs.add(run("run-" + i, i % 10 == 0 ? RunState.FAILED : RunState.COMPLETED,
            start.plusSeconds(i), i % 10 == 0
                ? Optional.of(new RunError("card <declined> for order " + i, "declined",
                    "java.lang.IllegalStateException", Optional.of("charge")))
                : Optional.empty()));
      }
    }

    private static RunInfo run(String id, RunState state, Instant at, Optional<RunError> error) {
      RunInfo.Builder run = RunInfo.builder(id, "invoice", "1", state)
          .createdAt(at).updatedAt(at.plusSeconds(5)).owner("engine-1").queue("invoices", 0)
          .attributes(Map.of("tenant", "acme", "region", "eu"));
      error.ifPresent(run::error);
      return run.build();
    }

    @Override public RunStatus getRunStatus(String runId) {
      return big;
    }

    @Override public List<HistoryEvent> history(String runId) {
      return history;
    }

    @Override public List<RunInfo> listRuns(RunFilter filter) {
      return filter.forkedFrom().isPresent() ? List.of() : runs; // no run here was forked
    }

    @Override public RunExport export(Collection<String> runIds) { // the big run, its history
      RunInfo run = big.run();
      return new RunExport(Instant.EPOCH, List.of(new RunExport.Run(run.id(), run.workflowName(),
          run.workflowVersion(), run.status(), Optional.empty(), Optional.empty(),
          run.createdAt(), run.updatedAt(), "[]", Optional.empty(), run.error(), List.of(),
          history)));
    }

    @Override public RunExport export(RunFilter filter) {
      return new RunExport(Instant.EPOCH, List.of());
    }

    @Override public List<TaskInfo> tasks(String runId) {
      return List.of();
    }

    @Override public List<TaskQueueInfo> taskQueues() {
      return List.of();
    }

    @Override public List<QueueInfo> queues() {
      return List.of();
    }

    @Override public List<WorkerInfo> workers() {
      return List.of();
    }

    @Override public List<TriggerInfo> triggers() {
      return List.of();
    }

    @Override public Overview overview(Instant from, Duration bucket) {
      return new Overview(from, bucket, List.of(), List.of());
    }

    @Override public Optional<Overview.Stuck> stuck(String runId) {
      return Optional.empty(); // its runs have ended: none waits
    }

    @Override public List<TaskInfo> silentTasks(Duration silence) {
      return List.of();
    }

    @Override public List<StoredSchedule> storedSchedules() {
      return List.of();
    }

    @Override public List<ScheduleInfo> schedules() {
      return List.of();
    }

    @Override public void start() {}

    @Override public int tick() {
      return 0;
    }

    @Override public void signal(String runId, String signalName, String json) {
      throw new UnsupportedOperationException();
    }

    @Override public void requeue(String runId) {
      throw new UnsupportedOperationException();
    }

    @Override public int redispatchPending(String runId) {
      throw new UnsupportedOperationException();
    }

    @Override public boolean cancel(String runId) {
      throw new UnsupportedOperationException();
    }

    @Override public String fork(String runId, int position) {
      throw new UnsupportedOperationException();
    }

    @Override public int purge(Instant endedBefore) {
      throw new UnsupportedOperationException();
    }

    @Override public boolean pause(String runId) {
      throw new UnsupportedOperationException();
    }

    @Override public int pause(RunFilter filter) {
      throw new UnsupportedOperationException();
    }

    @Override public boolean resume(String runId) {
      throw new UnsupportedOperationException();
    }

    @Override public void signalWithToken(String token, String json) {
      throw new UnsupportedOperationException();
    }

    @Override public boolean pauseQueue(String queue) {
      throw new UnsupportedOperationException();
    }

    @Override public boolean resumeQueue(String queue) {
      throw new UnsupportedOperationException();
    }

    @Override public Map<String, Long> payloadEncodings() {
      throw new UnsupportedOperationException();
    }

    @Override public PayloadReencoding reencodePayloads(int batchSize) {
      throw new UnsupportedOperationException();
    }

    @Override public String engineId() {
      return "bench";
    }

    @Override public List<WorkflowShape> workflowShapes(String workflowName) {
      StringBuilder nodes = new StringBuilder();
      for (int i = 0; i < SHAPE_NODES / 8; i++) {
        nodes.append(i == 0 ? "" : ",").append(String.format("{\"kind\": \"step\", \"name\":"
            + " \"charge-%1$d\", \"retries\": 3, \"timeoutMs\": 5000, \"queue\": \"payments\"},"
            + "{\"kind\": \"branch\", \"name\": \"if (order.total() > %1$d)\", \"paths\": ["
            + "{\"label\": \"then\", \"nodes\": [{\"kind\": \"step\", \"name\": \"a-%1$d\"},"
            + "{\"kind\": \"signal\", \"name\": \"ok-%1$d\"}]},"
            + "{\"label\": \"else\", \"nodes\": [{\"kind\": \"step\", \"name\": \"b-%1$d\"}]}]},"
            + "{\"kind\": \"loop\", \"name\": \"for each item in items\", \"paths\": ["
            + "{\"label\": \"repeat\", \"nodes\": [{\"kind\": \"step\", \"name\": \"c-%1$d\"},"
            + "{\"kind\": \"sleep\", \"name\": \"sleep\"}]}]}", i));
      }
      String json = "{\"format\": 1, \"workflow\": \"invoice\", \"version\": \"1\","
          + " \"timeoutMs\": 0, \"nodes\": [" + nodes + "], \"routes\": [], \"compensations\":"
          + " [], \"onFailure\": null}";
      return List.of(new WorkflowShape(workflowName, "1", json, Instant.EPOCH));
    }

    @Override public void close() {}
  }
}
