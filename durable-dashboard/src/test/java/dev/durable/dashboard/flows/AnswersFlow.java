package dev.durable.dashboard.flows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.WorkflowContext;

/**
 * A run that talks back and lives long: it starts itself over until its second round, then sets
 * an attribute, writes its answer to a stream word by word and closes it, and sets events: one
 * named by a constant, one by a key computed at run time, and one it sets only for an empty
 * question.
 */
@Workflow(name = "answers")
public class AnswersFlow {
  public static final String PROGRESS = "progress";

  @Step
  protected String answer(String question) {
    return "forty two";
  }

  @Run
  public String run(WorkflowContext ctx, String question, int round) {
    if (round < 2) {
      return AnswersFlowClient.of(ctx).continueAsNew(question, round + 1);
    }
    ctx.attribute("topic", question);
    String answer = answer(question);
    for (String word : answer.split(" ")) {
      ctx.writeStream("answers", word);
    }
    ctx.closeStream("answers");
    ctx.setEvent(PROGRESS, 100);
    ctx.setEvent("round-" + round, round);
    if (question.isEmpty()) {
      ctx.setEvent("empty", true);
    }
    return answer;
  }
}
