package dev.durable.test.workflows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Schedule;
import dev.durable.annotations.Workflow;
import java.time.Instant;

/** Runs at the start of every hour, and returns its fire time. */
@Workflow(name = "hourly-report")
@Schedule(cron = "0 0 * * * *")
public class HourlyReport {
  @Run
  public String run(Instant firedAt) {
    return "report for " + firedAt;
  }
}
