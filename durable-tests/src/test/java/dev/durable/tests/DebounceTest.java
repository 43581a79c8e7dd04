package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.HistoryEvent;
import dev.durable.runtime.Queue;
import dev.durable.runtime.RunFilter;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunState;
import dev.durable.runtime.StartOptions;
import dev.durable.tests.workflows.EchoWorkflowClient;
import dev.durable.tests.workflows.EchoWorkflowDurable;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Debounced starts ({@code StartOptions.debounce}): starts with one key within the window of each
 * other make one run, with the last start's input, run a window after the last start; every start
 * names that run. On the test clock: what runs when is read from the store, not timed.
 */
class DebounceTest extends OnEachStore {
  private static final Duration WINDOW = Duration.ofSeconds(30);

  private DurableEngine engine() {
    return db.engine().clock(clock).register(new EchoWorkflowDurable(script))
        .queue(Queue.named("d").concurrency(1)).build();
  }

  private static StartOptions debounced(String runId) {
    return StartOptions.builder().runId(runId).debounce("cart-7", WINDOW).build();
  }

  private static long count(DurableEngine engine, String runId, String type) {
    return engine.history(runId).stream().filter(e -> e.type().equals(type)).count();
  }

  @Test
  void threeStartsWithinTheWindowMakeOneRunWithTheLastInput() {
    try (DurableEngine engine = engine()) {
      EchoWorkflowClient client = EchoWorkflowClient.of(engine);
      RunHandle<String> first = client.start(debounced("first"), "a");
      clock.advance(Duration.ofSeconds(20));
      RunHandle<String> second = client.start(debounced("second"), "b");
      clock.advance(Duration.ofSeconds(20)); // 40 s after the first: within 30 s of the second
      Instant last = clock.instant();
      RunHandle<String> third = client.start(debounced("third"), "c");
      assertEquals("first", first.id());
      assertEquals("first", second.id(), "every start names the one run");
      assertEquals("first", third.id());
      assertEquals(List.of("first"),
          engine.listRuns(RunFilter.all()).stream().map(r -> r.id()).toList());
      assertEquals(RunState.ENQUEUED, first.status().run().status());
      assertEquals(last.plus(WINDOW), first.status().run().wakeAt());

      clock.advance(WINDOW.minusSeconds(1));
      assertEquals(0, engine.tick(), "nothing runs before the window after the last start ends");
      clock.advance(Duration.ofSeconds(1));
      engine.tick();
      assertEquals("c", first.await(WAIT), "the last start's input");
      assertEquals(1, script.executions("echo"));
      assertEquals(2, count(engine, "first", "run.debounced"));
      Instant claimed = engine.history("first").stream()
          .filter(e -> e.type().equals("run.claimed")).map(HistoryEvent::at).findFirst()
          .orElseThrow();
      assertTrue(!claimed.isBefore(last.plus(WINDOW)), "claimed at " + claimed);

      RunHandle<String> later = client.start(debounced("later"), "d");
      assertEquals("later", later.id(), "a start after the run began makes a new run");
      clock.advance(WINDOW);
      engine.tick();
      assertEquals("d", later.await(WAIT));
    }
  }

  @Test
  void aDebouncedRunThroughAQueueIsAdmittedAWindowAfterItsLastStart() {
    try (DurableEngine engine = engine()) {
      EchoWorkflowClient client = EchoWorkflowClient.of(engine);
      StartOptions.Builder options =
          StartOptions.builder().queue("d").debounce("cart-8", WINDOW);
      RunHandle<String> first = client.start(options.runId("q1").build(), "a");
      clock.advance(Duration.ofSeconds(10));
      RunHandle<String> second = client.start(options.runId("q2").build(), "b");
      assertEquals(first.id(), second.id());
      clock.advance(Duration.ofSeconds(25)); // past the first start's window, not the second's
      assertEquals(0, engine.tick());
      assertEquals(RunState.ENQUEUED, first.status().run().status());
      clock.advance(Duration.ofSeconds(5));
      engine.tick();
      assertEquals("b", first.await(WAIT));
      assertEquals(1, count(engine, "q1", "run.admitted"));
    }
  }

  @Test
  void differentKeysMakeDifferentRuns() {
    try (DurableEngine engine = engine()) {
      EchoWorkflowClient client = EchoWorkflowClient.of(engine);
      RunHandle<String> a = client.start(
          StartOptions.builder().debounce("k1", WINDOW).build(), "a");
      RunHandle<String> b = client.start(
          StartOptions.builder().debounce("k2", WINDOW).build(), "b");
      assertNotEquals(a.id(), b.id());
      clock.advance(WINDOW);
      engine.tick();
      assertEquals("a", a.await(WAIT));
      assertEquals("b", b.await(WAIT));
    }
  }

  @Test
  void startsRacingFromTwoEnginesFoldIntoOneRun() throws Exception {
    try (DurableEngine a = engine(); DurableEngine b = engine()) {
      List<java.util.concurrent.Callable<String>> starts = new java.util.ArrayList<>();
      for (int i = 0; i < 8; i++) {
        EchoWorkflowClient client = EchoWorkflowClient.of(i % 2 == 0 ? a : b);
        String input = "input-" + i;
        starts.add(() -> client.start(
            StartOptions.builder().debounce("race", WINDOW).build(), input).id());
      }
      java.util.concurrent.ExecutorService threads =
          java.util.concurrent.Executors.newFixedThreadPool(8);
      try {
        java.util.Set<String> ids = new java.util.HashSet<>();
        for (java.util.concurrent.Future<String> id : threads.invokeAll(starts)) {
          ids.add(id.get());
        }
        assertEquals(1, ids.size(), "every start names one run: " + ids);
        assertEquals(1, a.listRuns(RunFilter.all()).size());
        assertEquals(7, count(a, ids.iterator().next(), "run.debounced"));
      } finally {
        threads.shutdownNow();
      }
    }
  }

  @Test
  void badDebouncesAreRefusedAndNothingIsStored() {
    assertMessage("a debounce window must be more than 0 and at most 365 days, but was PT0S",
        () -> StartOptions.builder().debounce("k", Duration.ZERO));
    assertMessage("but was PT-1S",
        () -> StartOptions.builder().debounce("k", Duration.ofSeconds(-1)));
    assertMessage("a debounce key must be 1 to 200 characters, not blank; was ' '",
        () -> StartOptions.builder().debounce(" ", WINDOW));
    assertMessage("a debounce key must be 1 to 200 characters, not blank; was ''",
        () -> StartOptions.builder().debounce("", WINDOW));
    assertMessage("a debounce ('k') cannot be combined with a delay",
        () -> StartOptions.builder().debounce("k", WINDOW).delay(WINDOW).build());
    assertMessage("a debounce ('k') cannot be combined with a deduplicationId",
        () -> StartOptions.builder().debounce("k", WINDOW).deduplicationId("x").build());
    try (DurableEngine engine = engine()) {
      assertTrue(engine.listRuns(RunFilter.all()).isEmpty(), "nothing was stored");
    }
  }

  private static void assertMessage(String expected, Runnable action) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, action::run);
    assertTrue(e.getMessage().contains(expected), e.getMessage());
  }
}
