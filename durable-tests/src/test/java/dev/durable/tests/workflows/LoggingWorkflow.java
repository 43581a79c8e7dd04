package dev.durable.tests.workflows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.FatalError;
import dev.durable.tests.support.Script;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Two steps that log a line each, as a user's steps do: one on the turn's thread, one (it has a
 * timeout) on a step thread. The second fails for good when the text asks it to.
 */
@Workflow(name = "logging")
public class LoggingWorkflow {
  private static final Logger LOG = LoggerFactory.getLogger(LoggingWorkflow.class);

  private final Script script;

  public LoggingWorkflow(Script script) {
    this.script = script;
  }

  @Step(retries = 3, backoffMs = 0)
  protected String look(String text) {
    LOG.info("looking");
    script.enter("look");
    return "looked at " + text;
  }

  @Step(retries = 2, backoffMs = 0, timeoutMs = 10_000)
  protected String keep(String looked) {
    LOG.info("keeping");
    script.enter("keep");
    if (looked.contains("refuse")) {
      throw new FatalError("refused to keep it", "refused");
    }
    return looked + ", kept";
  }

  @Run
  public String run(String text) {
    return keep(look(text));
  }
}
