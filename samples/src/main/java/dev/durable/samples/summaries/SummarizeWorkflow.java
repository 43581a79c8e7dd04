package dev.durable.samples.summaries;

import dev.durable.annotations.Backoff;
import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;

/**
 * Summarizes one tenant's document with the model. The workflow knows nothing of the queue: the
 * caller starts it through one ({@link SummariesSample}), and the engines that declare the queue
 * admit its runs within the queue's limits.
 */
@Workflow(name = "summarize")
public class SummarizeWorkflow {
  private final ModelServer model;

  public SummarizeWorkflow(ModelServer model) {
    this.model = model;
  }

  /** The model call: retried with a growing backoff, as calls to a busy provider should be. */
  @Step(retries = 5, backoff = Backoff.EXP, timeoutMs = 30_000)
  protected String summary(Document document) {
    return model.complete(document.tenant(), document.id(),
        "Summarize in three sentences:\n" + document.text());
  }

  @Run
  public String run(Document document) {
    return document.id() + ": " + summary(document);
  }
}
