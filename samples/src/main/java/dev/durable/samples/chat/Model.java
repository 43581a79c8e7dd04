package dev.durable.samples.chat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Stands in for a language model: answers a question in a few pieces, as a model streams its
 * tokens. A real one would call a service; whatever it returns is recorded by the step that calls
 * it and never asked again.
 */
public class Model {
  private final AtomicInteger calls = new AtomicInteger();

  /** The answer to {@code question}, after {@code earlier} questions, in pieces. */
  public List<String> answer(int earlier, String question) {
    calls.incrementAndGet();
    List<String> pieces = new ArrayList<>();
    pieces.add("You asked ");
    pieces.add("\"" + question + "\"");
    pieces.add(earlier == 0 ? ", your first question." : " after " + earlier + " before it.");
    return pieces;
  }

  /** How many times it was asked: once per question, however often a run is replayed. */
  public int calls() {
    return calls.get();
  }
}
