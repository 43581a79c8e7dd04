package dev.durable.dashboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.build.OnPostgres;
import dev.durable.dashboard.Timeline.Bar;
import dev.durable.dashboard.Timeline.Kind;
import dev.durable.dashboard.Timeline.Marker;
import dev.durable.dashboard.Timeline.Row;
import dev.durable.dashboard.Timeline.RowKind;
import dev.durable.dashboard.TestStore.Database;
import dev.durable.dashboard.flows.EchoFlowDurable;
import dev.durable.dashboard.flows.InvoiceWorkflowClient;
import dev.durable.dashboard.flows.InvoiceWorkflowDurable;
import dev.durable.dashboard.flows.LabelSteps;
import dev.durable.dashboard.flows.LabelStepsDispatch;
import dev.durable.dashboard.flows.TimelineFlow;
import dev.durable.dashboard.flows.TimelineFlowClient;
import dev.durable.dashboard.flows.TimelineFlowDurable;
import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.DurableWorker;
import dev.durable.runtime.RunFailedException;
import dev.durable.runtime.RunHandle;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/**
 * The timeline of a real run, read back from each store as the page reads it: a run of {@link
 * TimelineFlow} (a retried step, a sleep, a signal wait, a child, a dispatched step served by a
 * worker, a failure and its compensation) drawn from what the engine logged.
 */
@OnPostgres
@ParameterizedClass
@MethodSource("dev.durable.dashboard.TestStore#all")
class TimelineRunTest {
  static final Duration WAIT = Duration.ofSeconds(30);

  @Parameter TestStore store;

  @Test
  void aRunWithOneOfEverythingIsDrawnFromWhatItsEngineLogged() {
    try (Database db = store.open();
        DurableEngine engine = db.engine()
            .register(new TimelineFlowDurable(new LabelStepsDispatch()))
            .register(new EchoFlowDurable())
            .pollInterval(Duration.ofMillis(50))
            .build();
        DurableWorker worker = DurableWorker.builder().jdbcUrl(db.jdbcUrl())
            .workerId("printer-1").pollInterval(Duration.ofMillis(50))
            .handle(LabelSteps.PRINT, (task, input) -> "\"label\"").build()) {
      engine.start();
      worker.start();
      RunHandle<String> run = TimelineFlowClient.of(engine).start("order-1", "parcel 1");
      assertThrows(RunFailedException.class, () -> run.await(WAIT));

      TimelineBuilder.Built built = TimelineBuilder.build(
          engine.export(List.of("order-1")).runs().get(0), engine.tasks("order-1"),
          Instant.now());

      List<String> names = built.rows().stream().map(Row::name).toList();
      assertEquals(List.of("reserve", "hold", "sleep", "go", "echo", LabelSteps.PRINT, "ship",
          "release"), names);
      Row reserve = row(built, "reserve");
      assertEquals(List.of(Kind.RETRIED, Kind.BACKOFF, Kind.ATTEMPT), kinds(reserve));
      assertEquals(Duration.ofMillis(50), reserve.bars().get(1).duration());
      assertTrue(reserve.bars().get(0).label().contains("the warehouse is busy"));
      assertEquals(List.of(Kind.ATTEMPT), kinds(row(built, "hold")));
      assertEquals(List.of(Kind.SLEEP), kinds(row(built, "sleep")));
      assertTrue(row(built, "sleep").span().compareTo(Duration.ofMillis(30)) >= 0);
      Bar signal = row(built, "go").bars().get(0);
      assertEquals(Kind.SIGNAL, signal.kind());
      assertTrue(signal.label().contains("timed out"), signal.label());
      Bar child = row(built, "echo").bars().get(0);
      assertEquals(Kind.CHILD, child.kind());
      String childId = engine.getRunStatus("order-1").children().get(0).id();
      assertEquals(Optional.of(Links.runPath(childId)), child.link());
      Row print = row(built, LabelSteps.PRINT);
      assertEquals(RowKind.DISPATCHED, print.kind());
      assertEquals(List.of(Kind.QUEUED, Kind.TASK), kinds(print));
      assertTrue(print.bars().get(1).label().contains("printer-1"));
      Row ship = row(built, "ship");
      assertEquals(1, ship.failed());
      Bar failed = ship.bars().get(ship.bars().size() - 1);
      assertTrue(failed.failed());
      assertTrue(failed.label().contains(TimelineFlow.NO_CARRIER), failed.label());
      Row release = row(built, "release");
      assertEquals(RowKind.COMPENSATION, release.kind());
      assertEquals(List.of(Kind.COMPENSATION), kinds(release));
      assertTrue(release.bars().get(0).label().contains("undoing hold"));
      Marker failure = built.markers().stream().filter(m -> m.kind().equals("failure"))
          .findFirst().orElseThrow();
      assertEquals(failed.end(), failure.at());
      assertEquals(Optional.of(TimelineBuilder.positionLink("order-1", ship.firstPosition())),
          failure.link());
      for (Row row : built.rows()) {
        for (Bar bar : row.bars()) {
          assertFalse(bar.start().isBefore(built.start()), bar.toString());
          assertFalse(bar.end().isAfter(built.end()), bar.toString());
          assertFalse(bar.open(), "a run that ended has nothing open: " + bar);
        }
      }
    }
  }

  @Test
  void aRequeuedRunKeepsItsFailedAttemptsInTheRowOfTheStepThatThenCompleted() {
    AtomicReference<String> decline = new AtomicReference<>("card declined");
    try (Database db = store.open();
        DurableEngine engine = db.engine().register(new InvoiceWorkflowDurable(decline))
            .pollInterval(Duration.ofMillis(50)).build()) {
      engine.start();
      RunHandle<String> run = InvoiceWorkflowClient.of(engine).start("inv-1", "ada", 100L);
      assertThrows(RunFailedException.class, () -> run.await(WAIT));
      decline.set(null);
      engine.requeue("inv-1");
      run.await(WAIT);

      TimelineBuilder.Built built = TimelineBuilder.build(
          engine.export(List.of("inv-1")).runs().get(0), engine.tasks("inv-1"), Instant.now());

      assertEquals(List.of("charge", "mail"), built.rows().stream().map(Row::name).toList());
      Row charge = built.rows().get(0);
      assertEquals(List.of(Kind.RETRIED, Kind.BACKOFF, Kind.ATTEMPT, Kind.ATTEMPT),
          kinds(charge));
      assertTrue(charge.bars().get(2).failed(), "the failure before the requeue");
      assertFalse(charge.bars().get(3).failed(), "the attempt after it");
      assertEquals(List.of(Kind.ATTEMPT), kinds(built.rows().get(1)));
      assertTrue(built.markers().isEmpty(), "the run completed: no failure mark");
    }
  }

  private static Row row(TimelineBuilder.Built built, String name) {
    return built.rows().stream().filter(r -> r.name().equals(name)).findFirst().orElseThrow();
  }

  private static List<Kind> kinds(Row row) {
    return row.bars().stream().map(Bar::kind).toList();
  }
}
