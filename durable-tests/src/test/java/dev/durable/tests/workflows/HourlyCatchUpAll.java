package dev.durable.tests.workflows;

import dev.durable.annotations.CatchUp;
import dev.durable.annotations.Run;
import dev.durable.annotations.Schedule;
import dev.durable.annotations.Workflow;
import dev.durable.runtime.WorkflowContext;
import dev.durable.tests.support.Recorder;

/** Fires on the hour, catching up every missed fire time; its run takes no input. */
@Workflow(name = "hourly-all")
@Schedule(cron = "0 0 * * * *", catchUp = CatchUp.ALL)
public class HourlyCatchUpAll {
  private final Recorder recorder;

  public HourlyCatchUpAll(Recorder recorder) {
    this.recorder = recorder;
  }

  @Run
  public String run(WorkflowContext ctx) {
    recorder.record("run:" + ctx.runId());
    return "done";
  }
}
