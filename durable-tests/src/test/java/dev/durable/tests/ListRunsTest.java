package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.RunFailedException;
import dev.durable.runtime.RunFilter;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunInfo;
import dev.durable.runtime.RunState;
import dev.durable.runtime.RunStatus;
import dev.durable.runtime.StepInfo;
import dev.durable.tests.support.Await;
import dev.durable.tests.support.Recorder;
import dev.durable.tests.workflows.GreeterV1Client;
import dev.durable.tests.workflows.GreeterV1Durable;
import dev.durable.tests.workflows.GreeterV2Durable;
import dev.durable.tests.workflows.GreetingParentClient;
import dev.durable.tests.workflows.GreetingParentDurable;
import dev.durable.tests.workflows.ReservationWorkflowClient;
import dev.durable.tests.workflows.ReservationWorkflowDurable;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code engine.listRuns(RunFilter)}: the runs a filter matches, newest first, a page at a time
 * by keyset; each criterion narrows the list; and a run's status shows its input and output and
 * those of its steps as stored JSON.
 */
class ListRunsTest extends OnEachStore {
  private final Recorder recorder = new Recorder();

  private DurableEngine engine() {
    DurableEngine engine = db.engine().clock(clock)
        .register(new ReservationWorkflowDurable(recorder))
        .register(new GreeterV1Durable(recorder))
        .register(new GreeterV2Durable(recorder))
        .register(new GreetingParentDurable())
        .build();
    engine.start();
    return engine;
  }

  private static List<String> ids(List<RunInfo> runs) {
    return runs.stream().map(RunInfo::id).toList();
  }

  /**
   * Starts a reservation run with this id a second after the last, and waits for its end: one
   * whose id starts with {@code declined} fails after its clean-up's minute.
   */
  private void reservation(DurableEngine engine, String id) {
    clock.advance(Duration.ofSeconds(1));
    RunHandle<String> run = ReservationWorkflowClient.of(engine).start(id, id);
    if (id.startsWith("declined")) {
      Await.until("the clean-up sleeps", () -> run.status().run().status() == RunState.SLEEPING);
      clock.advance(Duration.ofMinutes(2));
      assertThrows(RunFailedException.class, () -> run.await(WAIT));
    } else {
      run.await(WAIT);
    }
  }

  @Test
  void runsAreListedNewestFirstAPageAtATimeAndARunStartedMeanwhileDoesNotShiftThePages() {
    try (DurableEngine engine = engine()) {
      for (int i = 1; i <= 7; i++) {
        reservation(engine, "fine-" + i);
      }
      RunFilter filter = RunFilter.builder().limit(3).build();

      List<RunInfo> first = engine.listRuns(filter);
      assertEquals(List.of("fine-7", "fine-6", "fine-5"), ids(first));
      reservation(engine, "fine-8"); // newer than every page: it shifts none of them
      List<RunInfo> second = engine.listRuns(filter.after(first.get(2)));
      assertEquals(List.of("fine-4", "fine-3", "fine-2"), ids(second));
      List<RunInfo> third = engine.listRuns(filter.after(second.get(2)));
      assertEquals(List.of("fine-1"), ids(third));
      assertEquals(List.of(), engine.listRuns(filter.after(third.get(0))));
      assertEquals(List.of("fine-8", "fine-7"),
          ids(engine.listRuns(RunFilter.builder().limit(2).build())));
    }
  }

  @Test
  void runsStartedAtTheSameInstantAreOrderedByIdAndPagedWithoutLossOrRepeat() {
    try (DurableEngine engine = engine()) {
      for (String id : List.of("b", "d", "a", "c", "e")) {
        ReservationWorkflowClient.of(engine).start(id, "fine-" + id).await(WAIT);
      }
      RunFilter filter = RunFilter.builder().limit(2).build();
      List<String> seen = new ArrayList<>();
      List<RunInfo> page = engine.listRuns(filter);
      while (!page.isEmpty()) {
        seen.addAll(ids(page));
        page = engine.listRuns(filter.after(page.get(page.size() - 1)));
      }
      assertEquals(List.of("e", "d", "c", "b", "a"), seen);
    }
  }

  @Test
  void eachCriterionNarrowsTheList() {
    try (DurableEngine engine = engine()) {
      Instant start = clock.instant();
      reservation(engine, "fine-1");                 // COMPLETED
      reservation(engine, "declined-2");             // FAILED, declined
      reservation(engine, "a_b-3");                  // COMPLETED, id with LIKE's wildcards
      reservation(engine, "axb-4");                  // COMPLETED
      clock.advance(Duration.ofSeconds(1));
      Instant middle = clock.instant();
      clock.advance(Duration.ofSeconds(1));
      GreeterV1Client.of(engine).start("greet-5", "ada").await(WAIT); // on v2, COMPLETED
      clock.advance(Duration.ofSeconds(1));
      GreeterV1Client.of(engine)
          .start(dev.durable.runtime.StartOptions.builder().runId("greet-6").version("1").build(),
              "bob");                                  // on v1, SLEEPING
      clock.advance(Duration.ofSeconds(1));
      GreetingParentClient.of(engine).start("parent-7", "cy", "1"); // SLEEPING, its child too
      Await.until("greet-6, parent-7 and its child sleep", () -> engine.listRuns(
          RunFilter.builder().status(RunState.SLEEPING).build()).size() == 3);

      assertEquals(List.of("axb-4", "a_b-3", "declined-2", "fine-1"),
          ids(engine.listRuns(RunFilter.builder().workflow("reservation").build())));
      assertEquals(List.of("greet-6"),
          ids(engine.listRuns(RunFilter.builder().workflow("greeter").version("1")
              .runIdPrefix("greet").build())));
      assertEquals(List.of("declined-2"),
          ids(engine.listRuns(RunFilter.builder().status(RunState.FAILED).build())));
      assertEquals(List.of("declined-2"),
          ids(engine.listRuns(RunFilter.builder().errorCode("declined").build())));
      assertEquals(List.of("parent-7/child-0", "parent-7", "greet-6"),
          ids(engine.listRuns(RunFilter.builder().status(RunState.SLEEPING).build())));
      assertEquals(List.of("parent-7/child-0", "parent-7", "greet-6", "declined-2"),
          ids(engine.listRuns(
              RunFilter.builder().status(RunState.SLEEPING, RunState.FAILED).build())));
      assertEquals(List.of("a_b-3"),
          ids(engine.listRuns(RunFilter.builder().runIdPrefix("a_b").build())),
          "the prefix's _ is matched as itself, not as any character");
      assertEquals(List.of("parent-7/child-0"),
          ids(engine.listRuns(RunFilter.builder().parentId("parent-7").build())));
      assertEquals(List.of("axb-4", "a_b-3", "declined-2", "fine-1"),
          ids(engine.listRuns(
              RunFilter.builder().createdFrom(start).createdBefore(middle).build())));
      assertEquals(List.of("parent-7/child-0", "parent-7", "greet-6", "greet-5"),
          ids(engine.listRuns(RunFilter.builder().updatedFrom(middle).build())));
      assertEquals(List.of(), engine.listRuns(
          RunFilter.builder().workflow("reservation").status(RunState.SLEEPING).build()));

      RunInfo failed = engine.listRuns(RunFilter.builder().errorCode("declined").build()).get(0);
      assertEquals("card declined", failed.error().orElseThrow().message());
      assertEquals("parent-7", engine.listRuns(RunFilter.builder().parentId("parent-7").build())
          .get(0).parentId().orElseThrow());
    }
  }

  @Test
  void aLimitOutsideItsRangeIsRefusedWithWhatToDo() {
    IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
        () -> RunFilter.builder().limit(5000));
    assertEquals("limit must be 1 to 1000, but was 5000; page through more with"
        + " RunFilter.after(lastRun)", refused.getMessage());
  }

  @Test
  void aRunsStatusShowsItsInputAndOutputAndThoseOfItsStepsAsStoredJson() {
    try (DurableEngine engine = engine()) {
      reservation(engine, "fine-9");
      reservation(engine, "declined-10");

      RunStatus done = engine.getRunStatus("fine-9");
      assertEquals("[\"fine-9\"]", done.input());
      assertEquals("\"charged\"", done.output());
      StepInfo reserve = done.steps().get(0);
      assertEquals("[\"fine-9\"]", reserve.input());
      assertEquals("\"reserved\"", reserve.output());

      RunStatus failed = engine.getRunStatus("declined-10");
      assertEquals(null, failed.output());
      StepInfo charge = failed.steps().get(1);
      assertEquals("charge", charge.name());
      assertEquals(null, charge.output(), "a failed step has no output");
      assertTrue(assertThrows(RunFailedException.class,
          () -> ReservationWorkflowClient.of(engine).get("declined-10").await(WAIT))
          .getMessage().contains("card declined"));
    }
  }
}
