package dev.durable.dashboard.flows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Schedule;
import dev.durable.annotations.Workflow;
import java.time.Instant;

/** A report started at 02:00 Berlin time every night: a stored schedule. */
@Workflow(name = "nightly-report")
@Schedule(cron = "0 0 2 * * *", zone = "Europe/Berlin")
public class NightlyReport {
  @Run
  public String run(Instant firedAt) {
    return "report for " + firedAt;
  }
}
