package dev.durable.tests.workflows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Schedule;
import dev.durable.annotations.Workflow;
import dev.durable.tests.support.Recorder;
import java.time.Instant;

/** Fires every second. */
@Workflow(name = "every-second")
@Schedule(cron = "* * * * * *")
public class EverySecond {
  private final Recorder recorder;

  public EverySecond(Recorder recorder) {
    this.recorder = recorder;
  }

  @Run
  public String run(Instant firedAt) {
    recorder.record(firedAt.toString());
    return "done";
  }
}
