package dev.durable.tests.workflows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Schedule;
import dev.durable.annotations.Workflow;
import dev.durable.tests.support.Recorder;
import java.time.Instant;

/**
 * Fires at 02:30 Berlin time, an hour that the change to summer time skips and the change back
 * repeats.
 */
@Workflow(name = "berlin-nightly")
@Schedule(cron = "0 30 2 * * *", zone = "Europe/Berlin")
public class BerlinNightly {
  private final Recorder recorder;

  public BerlinNightly(Recorder recorder) {
    this.recorder = recorder;
  }

  @Run
  public String run(Instant firedAt) {
    recorder.record("run:" + firedAt);
    return firedAt.toString();
  }
}
