package dev.durable.tests.workflows;

import dev.durable.annotations.CatchUp;
import dev.durable.annotations.Run;
import dev.durable.annotations.Schedule;
import dev.durable.annotations.Workflow;
import dev.durable.tests.support.Recorder;
import java.time.Instant;

/** Fires on the hour, skipping fire times missed while no engine ran. */
@Workflow(name = "hourly-none")
@Schedule(cron = "0 0 * * * *", catchUp = CatchUp.NONE)
public class HourlyNoCatchUp {
  private final Recorder recorder;

  public HourlyNoCatchUp(Recorder recorder) {
    this.recorder = recorder;
  }

  @Run
  public String run(Instant firedAt) {
    recorder.record("run:" + firedAt);
    return "done";
  }
}
