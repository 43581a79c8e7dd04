package dev.durable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.RunAttributes;
import dev.durable.runtime.RunFilter;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunInfo;
import dev.durable.runtime.RunState;
import dev.durable.runtime.StartOptions;
import dev.durable.tests.workflows.TaggedWorkflow;
import dev.durable.tests.workflows.TaggedWorkflowClient;
import dev.durable.tests.workflows.TaggedWorkflowDurable;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Searchable attributes: given at the start ({@code StartOptions.attribute}) and set by the run
 * ({@code ctx.attribute}, recorded at its position and not written again by a replay), found by
 * {@code RunFilter.attribute} (several ANDed, a page at a time), shown by {@code
 * RunInfo.attributes()}, deleted with their run, and bad ones refused before anything is stored.
 */
class AttributesTest extends OnEachStore {
  private DurableEngine engine() {
    return db.engine().clock(clock).register(new TaggedWorkflowDurable(script)).build();
  }

  private static List<String> ids(List<RunInfo> runs) {
    return runs.stream().map(RunInfo::id).toList();
  }

  private static RunFilter.Builder having(String key, String value) {
    return RunFilter.builder().attribute(key, value);
  }

  private RunHandle<String> start(DurableEngine engine, String runId, String... attributes) {
    StartOptions.Builder options = StartOptions.builder().runId(runId);
    for (int i = 0; i < attributes.length; i += 2) {
      options.attribute(attributes[i], attributes[i + 1]);
    }
    return TaggedWorkflowClient.of(engine).start(options.build(), "order-" + runId, 0);
  }

  @Test
  void attributesOfTheStartAndOfTheRunAreFoundAndAReplayDoesNotWriteThemAgain() {
    try (DurableEngine first = engine()) {
      start(first, "t-1", "customer", "c-42", "region", "eu");
      RunInfo started = first.listRuns(having("customer", "c-42").build()).get(0);
      assertEquals("t-1", started.id(), "stored with the run, before any turn");
      assertEquals(Map.of("customer", "c-42", "region", "eu"), started.attributes());

      assertEquals(1, first.tick());
      RunInfo sleeping = first.getRunStatus("t-1").run();
      assertEquals(RunState.SLEEPING, sleeping.status());
      assertEquals(List.of("customer", "order", "region", "stage"),
          new ArrayList<>(sleeping.attributes().keySet()), "sorted by key");
      assertEquals("packed", sleeping.attributes().get("stage"), "the later value replaced");
      assertEquals(List.of("t-1"), ids(first.listRuns(having("stage", "packed").build())));
      assertEquals(List.of(), ids(first.listRuns(having("stage", "packing").build())));
    }
    // by hand: a replay that wrote the attribute again would undo this
    assertEquals(1, db.execute("UPDATE durable_run_attributes SET val = 'by-hand'"
        + " WHERE run_id = 't-1' AND name = 'order'"));
    clock.advance(TaggedWorkflow.PAUSE);
    try (DurableEngine second = engine()) { // a restart in the middle of the run
      second.start();
      assertEquals("packed order-t-1",
          TaggedWorkflowClient.of(second).get("t-1").await(WAIT));
      Map<String, String> attributes = second.getRunStatus("t-1").run().attributes();
      assertEquals("by-hand", attributes.get("order"), "the replay did not write it again");
      assertEquals("done", attributes.get("stage"), "twice in one commit: the later value");
      assertEquals(4, attributes.size());
      assertEquals(List.of("t-1"), ids(second.listRuns(having("stage", "done").build())));
    }
    assertEquals(1, script.executions("pack"));
  }

  @Test
  void severalAttributesAreAndedWithTheOtherCriteriaAndPagedInTheListsOrder() {
    try (DurableEngine engine = engine()) {
      Instant start = clock.instant();
      for (int i = 1; i <= 7; i++) {
        clock.advance(Duration.ofSeconds(1));
        start(engine, "r-" + i, "customer", i % 2 == 1 ? "c-1" : "c-2", "region", "eu",
            "tier", i <= 3 ? "gold" : "basic");
      }
      for (String id : List.of("s-b", "s-a", "s-c")) { // at one instant: ordered by id
        start(engine, id, "customer", "c-1", "region", "us");
      }

      assertEquals(List.of("s-c", "s-b", "s-a", "r-7", "r-5", "r-3", "r-1"),
          ids(engine.listRuns(having("customer", "c-1").build())));
      assertEquals(List.of("r-7", "r-5", "r-3", "r-1"),
          ids(engine.listRuns(having("customer", "c-1").attribute("region", "eu").build())));
      assertEquals(List.of("r-3", "r-1"), ids(engine.listRuns(having("region", "eu")
          .attribute("tier", "gold").attribute("customer", "c-1").build())),
          "three attributes, the broadest first");
      assertEquals(List.of(), ids(engine.listRuns(having("customer", "c-2")
          .attribute("region", "us").build())));
      assertEquals(List.of("r-5", "r-3"), ids(engine.listRuns(having("customer", "c-1")
          .workflow("tagged").status(RunState.PENDING).createdFrom(start.plusSeconds(2))
          .createdBefore(start.plusSeconds(6)).build())));
      assertEquals(List.of(), ids(engine.listRuns(having("customer", "c-1")
          .status(RunState.COMPLETED).build())));
      assertEquals(List.of("s-c", "s-b"), ids(engine.listRuns(having("customer", "c-1")
          .runIdPrefix("s-").limit(2).build())));

      RunFilter paged = having("customer", "c-1").limit(2).build();
      List<String> seen = new ArrayList<>();
      List<RunInfo> page = engine.listRuns(paged);
      while (!page.isEmpty()) {
        assertTrue(page.size() <= 2);
        seen.addAll(ids(page));
        page = engine.listRuns(paged.after(page.get(page.size() - 1)));
      }
      assertEquals(List.of("s-c", "s-b", "s-a", "r-7", "r-5", "r-3", "r-1"), seen,
          "every run once, in the list's order");
      assertEquals(Map.of("customer", "c-1", "region", "us"),
          engine.listRuns(having("region", "us").limit(1).build()).get(0).attributes());
    }
  }

  @Test
  void attributesArePurgedWithTheirRun() {
    try (DurableEngine engine = engine()) {
      start(engine, "old", "customer", "c-9");
      engine.tick();
      clock.advance(TaggedWorkflow.PAUSE);
      engine.tick();
      assertEquals("packed order-old", TaggedWorkflowClient.of(engine).get("old").await(WAIT));
      start(engine, "young", "customer", "c-9");
      assertEquals(3, db.queryLong( // customer, stage, order
          "SELECT COUNT(*) FROM durable_run_attributes WHERE run_id = 'old'"));

      clock.advance(Duration.ofDays(2));
      assertEquals(1, engine.purge(clock.instant().minus(Duration.ofDays(1))));

      assertEquals(0, db.queryLong(
          "SELECT COUNT(*) FROM durable_run_attributes WHERE run_id = 'old'"));
      assertEquals(List.of("young"), ids(engine.listRuns(having("customer", "c-9").build())));
    }
  }

  @Test
  void badAttributesAreRefusedBeforeAnythingIsStored() {
    StartOptions.Builder options = StartOptions.builder();
    assertTrue(assertThrows(IllegalArgumentException.class, () -> options.attribute(" ", "x"))
        .getMessage().contains("key must be 1 to 200 characters, not blank"));
    assertTrue(assertThrows(IllegalArgumentException.class,
        () -> options.attribute("k".repeat(201), "x")).getMessage().contains("(201 characters)"));
    assertTrue(assertThrows(IllegalArgumentException.class,
        () -> options.attribute("a=b", "x")).getMessage().contains("must not hold '='"));
    String refused = assertThrows(IllegalArgumentException.class,
        () -> options.attribute("note", "v".repeat(RunAttributes.MAX_VALUE_LENGTH + 1)))
        .getMessage();
    assertTrue(refused.startsWith("the value of attribute 'note' must be at most 400 characters,"
        + " but has 401"), refused);
    assertTrue(refused.length() < 300, "the value is not echoed whole: " + refused.length());
    assertThrows(NullPointerException.class, () -> options.attribute("note", null));
    for (int i = 0; i < RunAttributes.MAX_PER_RUN; i++) {
      options.attribute("k-" + i, "v");
    }
    options.attribute("k-0", "replaced: still 50 keys");
    assertTrue(assertThrows(IllegalArgumentException.class, () -> options.attribute("k-50", "v"))
        .getMessage().contains("a run holds at most 50 attributes"));
    assertThrows(IllegalArgumentException.class,
        () -> RunFilter.builder().attribute("", "c-42"));

    try (DurableEngine engine = engine()) {
      StartOptions.Builder ten = StartOptions.builder().runId("many");
      for (int i = 0; i < 10; i++) {
        ten.attribute("a-" + i, "v");
      }
      // 10 from the start, stage and order: 38 extra keys fit, the 39th does not
      RunHandle<String> run = TaggedWorkflowClient.of(engine).start(ten.build(), "o", 39);
      engine.tick();
      clock.advance(TaggedWorkflow.PAUSE);
      engine.tick();
      String result = run.await(WAIT);
      assertTrue(result.startsWith("refused: run many holds 50 attributes already"), result);
      Map<String, String> attributes = run.status().run().attributes();
      assertEquals(50, attributes.size());
      assertTrue(attributes.containsKey("extra-37") && !attributes.containsKey("extra-38"));
      assertEquals(50, db.queryLong(
          "SELECT COUNT(*) FROM durable_run_attributes WHERE run_id = 'many'"));
    }
  }
}
