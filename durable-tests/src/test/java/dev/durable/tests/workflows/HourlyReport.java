package dev.durable.tests.workflows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Schedule;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import dev.durable.tests.support.Recorder;
import java.time.Instant;

/**
 * Fires on the hour (catch-up {@code LATEST}, the default); its run takes its fire time, renders a
 * report of it in a step, and records that it ran.
 */
@Workflow(name = "hourly-report")
@Schedule(cron = "0 0 * * * *")
public class HourlyReport {
  private final Recorder recorder;

  public HourlyReport(Recorder recorder) {
    this.recorder = recorder;
  }

  @Step
  protected String render(Instant firedAt) {
    recorder.record("render:" + firedAt);
    return "report of " + firedAt;
  }

  @Run
  public String run(Instant firedAt) {
    return render(firedAt);
  }
}
