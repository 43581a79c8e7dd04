package dev.durable.samples.expense;

import dev.durable.annotations.Run;
import dev.durable.annotations.Schedule;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;
import java.time.Instant;

/** The nightly report of the day's expense claims: a run at 02:00 Berlin time, every day. */
@Workflow(name = "expense-report")
@Schedule(cron = "0 0 2 * * *", zone = "Europe/Berlin")
public class ExpenseReport {

  @Step(retries = 3)
  protected String render(Instant firedAt) {
    return "expense report for the day before " + firedAt;
  }

  @Run
  public String run(Instant firedAt) {
    return render(firedAt);
  }
}
