package dev.durable.samples.chat;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunState;
import dev.durable.test.DurableTest;
import dev.durable.test.DurableTestEnv;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The chat's request and response with the test kit: a question sent as a signal, its answer read
 * from the stream named after it, the count of answers from an event, and an idle chat that ends
 * after an hour of the test clock.
 */
@DurableTest
class ChatWorkflowTest {
  private static final Duration WAIT = Duration.ofSeconds(5);

  private final Model model = new Model();
  private ChatWorkflowClient chat;
  private RunHandle<Integer> run;

  @BeforeEach
  void startAChat(DurableTestEnv env) {
    env.register(new ChatWorkflowDurable(model));
    chat = ChatWorkflowClient.of(env.engine());
    run = chat.start("chat-1", "ann");
    env.runUntilIdle();
  }

  private List<String> answer(String questionId) {
    try (Stream<String> pieces =
        run.readStream(ChatWorkflow.answerStream(questionId), String.class)) {
      return pieces.toList();
    }
  }

  @Test
  void eachQuestionIsAnsweredOnItsOwnStream(DurableTestEnv env) {
    assertEquals(RunState.SLEEPING, run.status().run().status(), "waits for a question");
    assertEquals(Optional.of(0), run.getEvent("answered", Integer.class, Duration.ZERO));

    chat.ask(run.id(), new Question("q1", "Why?"));
    chat.ask(run.id(), new Question("q2", "How?"));
    env.runUntilIdle();

    assertEquals(List.of("You asked ", "\"Why?\"", ", your first question."), answer("q1"));
    assertEquals(List.of("You asked ", "\"How?\"", " after 1 before it."), answer("q2"));
    assertEquals(Optional.of(2), run.getEvent("answered", Integer.class, Duration.ZERO));

    chat.ask(run.id(), new Question("q3", Question.BYE));
    env.runUntilIdle();
    assertEquals(2, run.await(WAIT));
    assertEquals(2, model.calls(), "each question asked the model once, replays or not");
  }

  @Test
  void aChatNobodyTalksToForAnHourEnds(DurableTestEnv env) {
    env.advance(Duration.ofHours(1));

    assertEquals(0, run.await(WAIT));
    assertEquals(List.of(), answer("never-asked"), "the run ended: the stream ends too");
  }
}
