package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.RunExport;
import dev.durable.runtime.RunFailedException;
import dev.durable.runtime.RunFilter;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunState;
import dev.durable.runtime.UnknownRunException;
import dev.durable.runtime.spi.DurableWorkflow;
import dev.durable.runtime.testing.ReplayFailure;
import dev.durable.runtime.testing.ReplayReport;
import dev.durable.runtime.testing.WorkflowReplayer;
import dev.durable.tests.support.Await;
import dev.durable.tests.support.Gate;
import dev.durable.tests.support.Recorder;
import dev.durable.tests.workflows.ChangingWorkflowClient;
import dev.durable.tests.workflows.ChangingWorkflowDurable;
import dev.durable.tests.workflows.ChargeWorkflowDurable;
import dev.durable.tests.workflows.CheckoutParentWorkflowClient;
import dev.durable.tests.workflows.CheckoutParentWorkflowDurable;
import dev.durable.tests.workflows.DrawingWorkflowClient;
import dev.durable.tests.workflows.DrawingWorkflowDurable;
import dev.durable.tests.workflows.FanRequest;
import dev.durable.tests.workflows.FanWorkflowClient;
import dev.durable.tests.workflows.FanWorkflowDurable;
import dev.durable.tests.workflows.Order;
import dev.durable.tests.workflows.OrderExtendedDurable;
import dev.durable.tests.workflows.OrderInputChangedDurable;
import dev.durable.tests.workflows.OrderParamChangedDurable;
import dev.durable.tests.workflows.OrderResultChangedDurable;
import dev.durable.tests.workflows.OrderShortenedDurable;
import dev.durable.tests.workflows.OrderWorkflowClient;
import dev.durable.tests.workflows.OrderWorkflowDurable;
import dev.durable.tests.workflows.PricingStepsDispatch;
import dev.durable.tests.workflows.SagaWorkflowClient;
import dev.durable.tests.workflows.SagaWorkflowDurable;
import dev.durable.tests.workflows.SignalWorkflowClient;
import dev.durable.tests.workflows.SignalWorkflowDurable;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs exported from a store replay against the code they ran on, without executing a step, and
 * fail against changed code with the run, the position and the difference: the check a team runs
 * before a deploy.
 */
class WorkflowReplayerTest extends OnEachStore {
  @TempDir Path dir;

  private final AtomicBoolean newCode = new AtomicBoolean();

  /** The ids of a completed, a sleeping and a failed run of workflow "order", in that order. */
  private List<String> orders(DurableEngine engine) {
    RunHandle<String> completed = OrderWorkflowClient.of(engine).start(new Order("lamp", 3));
    engine.tick();
    clock.advance(OrderWorkflowDurable.COOL_OFF);
    engine.tick();
    assertEquals("shipped ch_lamp_750", completed.await(WAIT));
    RunHandle<String> sleeping = OrderWorkflowClient.of(engine).start(new Order("desk", 2));
    RunHandle<String> failed = OrderWorkflowClient.of(engine).start(new Order("piano", 5000));
    engine.tick();
    assertEquals(RunState.SLEEPING, sleeping.status().run().status());
    assertThrows(RunFailedException.class, () -> failed.await(WAIT));
    return List.of(completed.id(), sleeping.id(), failed.id());
  }

  private DurableEngine engine() {
    return db.engine().clock(clock)
        .register(new OrderWorkflowDurable(script))
        .register(new ChangingWorkflowDurable(newCode))
        .build();
  }

  /** The runs of "order" in {@code export}, as runs of the changed class {@code workflow}. */
  private static RunExport relabeled(RunExport export, String workflow) {
    return new RunExport(export.exportedAt(),
        export.runs().stream().map(run -> run.asWorkflow(workflow, run.version())).toList());
  }

  private RunExport exportOrders() {
    try (DurableEngine engine = engine()) {
      return engine.export(orders(engine));
    }
  }

  @Test
  void runsExportedToAFileReplayAgainstTheSameCodeWithoutExecutingAStep() throws Exception {
    Path file = dir.resolve("runs.json");
    List<String> ids;
    try (DurableEngine engine = engine()) {
      ids = orders(engine);
      try (var out = Files.newOutputStream(file)) {
        engine.export(RunFilter.builder().workflow("order").build()).writeTo(out);
      }
    }
    long executed = script.executions("quote") + script.executions("charge")
        + script.executions("ship");

    ReplayReport report = WorkflowReplayer.of(new OrderWorkflowDurable(script)).replay(file);

    assertEquals(Set.copyOf(ids), Set.copyOf(report.replayed()));
    assertEquals(ids.get(0), report.replayed().get(2), "the filter lists the newest first");
    assertTrue(report.skipped().isEmpty() && report.failed().isEmpty(), report.toString());
    assertEquals(executed, script.executions("quote") + script.executions("charge")
        + script.executions("ship"), "the replay executed no step");
    String json = Files.readString(file);
    assertTrue(json.contains("\"format\" : \"durable-export\""), json);
    assertTrue(json.contains("\"version\" : 1"), json);
  }

  @Test
  void anExportNamesEachRunWithItsCheckpointsAndHistory() {
    RunExport export = exportOrders();

    RunExport.Run completed = export.runs().get(0);
    assertEquals(RunState.COMPLETED, completed.status());
    assertEquals("order", completed.workflow());
    assertEquals("[{\"sku\":\"lamp\",\"quantity\":3}]", completed.input());
    assertEquals("\"shipped ch_lamp_750\"", completed.output().orElseThrow());
    assertEquals(List.of("0 STEP quote", "1 STEP charge", "2 SLEEP sleep", "3 STEP ship"),
        completed.checkpoints().stream()
            .map(c -> c.position() + " " + c.kind() + " " + c.name()).toList());
    assertEquals("{\"sku\":\"lamp\",\"cents\":750}",
        completed.checkpoints().get(0).output().orElseThrow());
    assertTrue(completed.events().stream().anyMatch(e -> e.type().equals("run.completed")),
        completed.events().toString());
    assertEquals("declined", export.runs().get(2).error().orElseThrow().code());
  }

  /** The workflows of {@link #runsOfEveryKindOfCallReplay}, with fresh dependencies. */
  private List<DurableWorkflow<?>> everyKind(Recorder recorder) {
    Gate gate = new Gate();
    return List.of(
        new SagaWorkflowDurable(script, gate),
        new DrawingWorkflowDurable(script, new AtomicBoolean()),
        new SignalWorkflowDurable(recorder),
        new CheckoutParentWorkflowDurable(recorder),
        new ChargeWorkflowDurable(recorder),
        new FanWorkflowDurable(new PricingStepsDispatch(), script, gate));
  }

  @Test
  void runsOfEveryKindOfCallReplay() {
    Recorder recorder = new Recorder();
    DurableEngine.Builder builder = db.engine().clock(clock);
    everyKind(recorder).forEach(builder::register);
    RunExport export;
    try (DurableEngine engine = builder.build()) {
      engine.start();
      assertEquals("shipped lamp-1", SagaWorkflowClient.of(engine).start("lamp-1").await(WAIT));
      RunHandle<String> seats = SagaWorkflowClient.of(engine).start("seats-2");
      assertThrows(RunFailedException.class, () -> seats.await(WAIT),
          "a group failed: compensations, then the clean-up");
      assertEquals("backordered backorder-3",
          SagaWorkflowClient.of(engine).start("backorder-3").await(WAIT));
      RunHandle<String> drawing = DrawingWorkflowClient.of(engine).start();
      Await.until("the drawing sleeps",
          () -> drawing.status().run().status() == RunState.SLEEPING);
      clock.advance(DrawingWorkflowDurable.PAUSE);
      drawing.await(WAIT);
      RunHandle<String> approved = SignalWorkflowClient.of(engine).start(1, 0L);
      SignalWorkflowClient.of(engine).approval(approved.id(), "yes");
      assertEquals("yes", approved.await(WAIT));
      RunHandle<String> waiting = SignalWorkflowClient.of(engine).start(1, 0L);
      Await.until("the run waits for its signal",
          () -> waiting.status().run().status() == RunState.SLEEPING);
      assertEquals("shipped: paid order-7",
          CheckoutParentWorkflowClient.of(engine).start("order-7").await(WAIT));
      assertEquals("a=100,b=200", FanWorkflowClient.of(engine).start(
          new FanRequest("local", List.of(new Order("a", 1), new Order("b", 2)))).await(WAIT));
      export = engine.export(RunFilter.builder().build());
    }
    long executions = script.executions("reserve") + script.executions("price:a");

    ReplayReport report = WorkflowReplayer.of(everyKind(new Recorder())
        .toArray(DurableWorkflow<?>[]::new)).replay(export);

    assertEquals(9, report.replayed().size(), "the child run too: " + report);
    assertEquals(executions, script.executions("reserve") + script.executions("price:a"));
  }

  @Test
  void exportingAnUnknownRunFails() {
    try (DurableEngine engine = engine()) {
      UnknownRunException unknown =
          assertThrows(UnknownRunException.class, () -> engine.export(List.of("no-such-run")));
      assertTrue(unknown.getMessage().contains("no-such-run"), unknown.getMessage());
    }
  }

  @Test
  void aRenamedStepFailsTheReplayNamingTheRunThePositionAndBothSteps() {
    String id;
    RunExport export;
    try (DurableEngine engine = engine()) {
      RunHandle<String> run = ChangingWorkflowClient.of(engine).start();
      engine.tick();
      id = run.id();
      export = engine.export(List.of(id));
    }
    newCode.set(true);

    ReplayFailure failure = assertThrows(ReplayFailure.class,
        () -> WorkflowReplayer.of(new ChangingWorkflowDurable(newCode)).replay(export));

    assertTrue(failure.getMessage().contains("1 of 1 exported run(s) no longer replay"),
        failure.getMessage());
    assertTrue(failure.getMessage().contains("run " + id + " of workflow 'changing' version '1'"
        + " called step 'newStep' at position 0, where it had recorded step 'oldStep'"),
        failure.getMessage());
    assertEquals(id, failure.report().failed().get(0).runId());
  }

  @Test
  void everyRunWhoseStepResultTypeChangedIsReportedInOneFailure() {
    RunExport export = relabeled(exportOrders(), "order-result-changed");

    ReplayFailure failure = assertThrows(ReplayFailure.class,
        () -> WorkflowReplayer.of(new OrderResultChangedDurable()).replay(export));

    assertEquals(3, failure.report().failed().size(), failure.getMessage());
    for (ReplayReport.Failed run : failure.report().failed()) {
      assertTrue(run.differences().stream().anyMatch(d -> d.contains(
          "cannot decode the stored result of step 'quote' at position 0 of run " + run.runId())),
          run.differences().toString());
      assertTrue(run.differences().stream().anyMatch(d -> d.contains(
          "started on a different step graph")), run.differences().toString());
    }
  }

  @Test
  void aStepWhoseParameterTypeChangedFailsTheReplayAtThatStep() {
    RunExport export = relabeled(exportOrders(), "order-param-changed");

    ReplayFailure failure = assertThrows(ReplayFailure.class,
        () -> WorkflowReplayer.of(new OrderParamChangedDurable()).replay(export));

    assertEquals(3, failure.report().failed().size(), failure.getMessage());
    String difference = failure.report().failed().get(0).differences().stream()
        .filter(d -> d.contains("position 1")).findFirst().orElseThrow(() -> new AssertionError(failure.getMessage()));
    assertTrue(difference.contains("recorded at position 1 arguments of step 'charge' that no"
        + " longer decode into its parameters' types"), difference);
  }

  @Test
  void aRunInputTypeThatChangedFailsTheReplay() {
    RunExport export = relabeled(exportOrders(), "order-input-changed");

    ReplayFailure failure = assertThrows(ReplayFailure.class,
        () -> WorkflowReplayer.of(new OrderInputChangedDurable()).replay(export));

    ReplayReport.Failed first = failure.report().failed().get(0);
    assertTrue(first.differences().stream().anyMatch(d -> d.contains("its stored input"
        + " [{\"sku\":\"lamp\",\"quantity\":3}] no longer decodes into the @Run method's"
        + " parameters")), first.differences().toString());
  }

  @Test
  void codeThatEndsBeforeARunsLastCheckpointOrGoesOnPastACompletedRunsEndFailsTheReplay() {
    RunExport export = exportOrders();
    String completed = export.runs().get(0).id();
    String sleeping = export.runs().get(1).id();

    ReplayFailure shortened = assertThrows(ReplayFailure.class, () -> WorkflowReplayer
        .of(new OrderShortenedDurable()).replay(relabeled(export, "order-shortened")));
    ReplayReport.Failed failed = shortened.report().failed().get(2);
    assertEquals(1, failed.differences().size(), failed.toString());
    assertTrue(failed.differences().get(0).contains("started on a different step graph"),
        "the failed run ended where the code now does, but the class lost a step: "
            + failed.differences());
    assertTrue(shortened.report().failed().get(1).differences().stream().anyMatch(d ->
        d.startsWith("run " + sleeping + " of workflow 'order-shortened' version '1' recorded a"
            + " sleep at position 2, but the code now ends before it")), shortened.getMessage());
    assertTrue(shortened.report().failed().get(0).differences().stream().anyMatch(d -> d.equals(
        "run " + completed + " of workflow 'order-shortened' version '1' recorded a sleep at"
            + " position 2, but the code now ends before it (4 checkpoint(s) recorded, 2"
            + " replayed): a call was removed or moved under a running version; deploy the old"
            + " code for this version, or give the changed workflow a new version")),
        shortened.getMessage());

    ReplayFailure extended = assertThrows(ReplayFailure.class, () -> WorkflowReplayer
        .of(new OrderExtendedDurable()).replay(relabeled(export, "order-extended")));
    assertEquals(List.of(completed), extended.report().failed().stream()
        .map(ReplayReport.Failed::runId).toList(), "a sleeping run may still go on");
    assertTrue(extended.getMessage().contains("run " + completed + " of workflow"
        + " 'order-extended' version '1' completed after 4 checkpoint(s), but the code now goes on"
        + " at position 4"), extended.getMessage());
  }

  @Test
  void runsOfWorkflowsNotRegisteredAreSkippedButAnExportWithNothingToReplayFails() {
    RunExport export = exportOrders();

    ReplayFailure nothing = assertThrows(ReplayFailure.class,
        () -> WorkflowReplayer.of(new ChangingWorkflowDurable(newCode)).replay(export));
    assertTrue(nothing.getMessage().contains("none of the 3 exported runs is of a workflow"
        + " registered with the replayer (workflow 'changing' version '1')"), nothing.getMessage());
    assertEquals(3, nothing.report().skipped().size());
  }

  @Test
  void aFileThatIsNotAnExportIsRefusedSayingWhy() throws Exception {
    Path notJson = Files.writeString(dir.resolve("runs.json"), "{\"format\": \"durable-export\",");
    IllegalArgumentException cut = assertThrows(IllegalArgumentException.class,
        () -> WorkflowReplayer.of(new OrderWorkflowDurable(script)).replay(notJson));
    assertTrue(cut.getMessage().startsWith(notJson + ": not a durable export: "), cut.getMessage());

    IllegalArgumentException other = assertThrows(IllegalArgumentException.class,
        () -> RunExport.read(new ByteArrayInputStream(
            "{\"runs\": []}".getBytes(StandardCharsets.UTF_8))));
    assertTrue(other.getMessage().contains("not a durable export: its \"format\" is missing"),
        other.getMessage());

    IllegalArgumentException newer = assertThrows(IllegalArgumentException.class,
        () -> RunExport.read(new ByteArrayInputStream(("{\"format\": \"durable-export\","
            + " \"version\": 2, \"exportedAt\": \"2026-01-05T09:00:00Z\", \"runs\": []}")
            .getBytes(StandardCharsets.UTF_8))));
    assertTrue(newer.getMessage().contains("a durable export of version 2, but this runtime reads"
        + " version 1"), newer.getMessage());
  }
}
