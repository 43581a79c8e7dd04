package dev.durable.samples.chat;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.RunHandle;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * Runs {@link ChatWorkflow} on a started engine and prints the conversation: each question is
 * sent as a signal, and its answer read from the run's stream as the run writes it; the number of
 * questions answered is read from the run's event.
 *
 * <p>Run it from the repository root: {@code mvn -q package -DskipTests -Psample -Dsample=chat}.
 */
public final class ChatSample {
  private static final Duration AWAIT = Duration.ofSeconds(30);

  private ChatSample() {}

  /** Builds an engine from {@code builder} and has a conversation of two questions. */
  public static void run(DurableEngine.Builder builder, PrintStream out) {
    Model model = new Model();
    try (DurableEngine engine = builder.register(new ChatWorkflowDurable(model)).build()) {
      engine.start();
      ChatWorkflowClient chat = ChatWorkflowClient.of(engine);
      RunHandle<Integer> run = chat.start("chat-" + UUID.randomUUID(), "ann");
      out.printf("%nA chat with ann: the run waits for questions, holding no thread.%n");
      for (String text : List.of("What is durable?", "And a stream?")) {
        String id = "q-" + UUID.randomUUID().toString().substring(0, 8);
        out.printf("  ann asks \"%s\" (chat.ask(runId, new Question(id, text)))%n", text);
        chat.ask(run.id(), new Question(id, text));
        out.print("  the answer, piece by piece: ");
        try (Stream<String> answer =
            run.readStream(ChatWorkflow.answerStream(id), String.class)) {
          answer.forEach(piece -> out.print("[" + piece + "]"));
        }
        out.println();
      }
      out.printf("  getEvent(\"answered\") = %s%n",
          run.getEvent("answered", Integer.class, Duration.ZERO).orElseThrow());
      chat.ask(run.id(), new Question("last", Question.BYE));
      out.printf("  ann says bye; await() returned %d, the model was asked %d times%n",
          run.await(AWAIT), model.calls());
    }
  }
}
