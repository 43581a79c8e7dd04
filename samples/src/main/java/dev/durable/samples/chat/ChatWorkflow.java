package dev.durable.samples.chat;

import dev.durable.annotations.Run;
import dev.durable.annotations.Signal;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.WorkflowContext;
import java.time.Duration;
import java.util.List;

/**
 * A chat: the run waits for a question ({@code ask}, a typed signal), answers it on the stream
 * {@code answer:<question id>} piece by piece, closes that stream, counts the question on the event
 * {@code answered}, and waits for the next, until a question says {@code bye} or none comes for an
 * hour. A caller asks, then reads the answer:
 *
 * <pre>{@code
 * ChatWorkflowClient chat = ChatWorkflowClient.of(engine);
 * chat.ask(runId, new Question("q1", "What is durable?"));
 * try (Stream<String> answer = chat.get(runId).readStream("answer:q1", String.class)) {
 *   answer.forEach(System.out::print);      // each piece as the run writes it
 * }
 * }</pre>
 */
@Workflow(name = "chat")
public class ChatWorkflow {
  /** How long the chat waits for a question before it ends. */
  static final Duration IDLE = Duration.ofHours(1);

  private final Model model;

  public ChatWorkflow(Model model) {
    this.model = model;
  }

  /** The stream the answer to question {@code questionId} is written to. */
  public static String answerStream(String questionId) {
    return "answer:" + questionId;
  }

  /** The next question; if none comes within {@code wait}, the chat ends. */
  @Signal
  protected Question ask(Duration wait) {
    return new Question("idle", Question.BYE);
  }

  /** Asks the model, with retries: its answer is recorded, so a replay never asks again. */
  @Step(retries = 3, backoffMs = 200)
  protected List<String> think(int earlier, String question) {
    return model.answer(earlier, question);
  }

  /** Answers questions until one says bye; returns how many it answered. */
  @Run
  public int run(WorkflowContext ctx, String user) {
    int answered = 0;
    ctx.setEvent("answered", answered);
    for (Question question = ask(IDLE); !question.endsChat(); question = ask(IDLE)) {
      String stream = answerStream(question.id());
      for (String piece : think(answered, question.text())) {
        ctx.writeStream(stream, piece);
      }
      ctx.closeStream(stream);
      ctx.setEvent("answered", ++answered);
    }
    return answered;
  }
}
