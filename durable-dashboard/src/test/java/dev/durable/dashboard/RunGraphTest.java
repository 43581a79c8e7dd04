package dev.durable.dashboard;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.durable.build.OnPostgres;
import dev.durable.dashboard.TestStore.Database;
import dev.durable.dashboard.flows.AnswersFlow;
import dev.durable.dashboard.flows.AnswersFlowClient;
import dev.durable.dashboard.flows.AnswersFlowDurable;
import dev.durable.runtime.DurableEngine;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;
import org.w3c.dom.Document;

/**
 * A real run's graph, drawn as the page draws it from each store: the calls that leave a
 * checkpoint of a value ({@link AnswersFlow}'s attribute, stream writes and close, events) and its
 * start over are coloured by what the run recorded.
 */
@OnPostgres
@ParameterizedClass
@MethodSource("dev.durable.dashboard.TestStore#all")
class RunGraphTest {
  static final Duration WAIT = Duration.ofSeconds(30);

  @Parameter TestStore store;

  @Test
  void aCompletedRunsEventsStreamsAttributeAndContinueAsNewAreDrawnCompleted() throws Exception {
    try (Database db = store.open();
        DurableEngine engine = db.engine().register(new AnswersFlowDurable())
            .pollInterval(Duration.ofMillis(50)).build()) {
      engine.start();
      assertEquals("forty two",
          AnswersFlowClient.of(engine).start("answers-1", "the question", 0).await(WAIT));

      Document svg = GraphSvgTest.parse(
          new GraphPages(engine).run("answers-1").svg().orElseThrow().markup());

      for (String key : List.of("continue-as-new continue-as-new#0", "attribute topic#0",
          "step answer#0", "stream answers#0", "close answers#0", "event progress#0",
          "event \"round-\" + round#0", "end")) {
        assertEquals("completed", mark(svg, key), key);
      }
      assertEquals("unreached", mark(svg, "event empty#0"));
    }
  }

  /** The mark among the classes of the node with key {@code key}. */
  private static String mark(Document svg, String key) throws Exception {
    List<String> classes = GraphSvgTest.classesOf(svg, key);
    return classes.get(classes.size() - 1);
  }
}
