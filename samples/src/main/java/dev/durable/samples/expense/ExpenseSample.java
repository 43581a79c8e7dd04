package dev.durable.samples.expense;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.RunHandle;
import dev.durable.runtime.RunInfo;
import dev.durable.runtime.RunState;
import dev.durable.runtime.ScheduleInfo;
import dev.durable.samples.Waits;
import java.io.PrintStream;
import java.time.Duration;
import java.util.UUID;

/**
 * Runs {@link ExpenseWorkflow} on a started engine and prints what happens: one claim waits for
 * its manager's decision, which approves it, and is paid out by a child run; another is rejected
 * by a decision sent before its run even waits for it; and the nightly {@link ExpenseReport}'s
 * next fire times are listed.
 *
 * <p>Run it from the repository root: {@code mvn -q package -DskipTests -Psample -Dsample=expense}.
 */
public final class ExpenseSample {
  private static final Duration AWAIT = Duration.ofSeconds(30);

  private ExpenseSample() {}

  /** Builds an engine from {@code builder} and runs two claims through their approval. */
  public static void run(DurableEngine.Builder builder, PrintStream out) {
    Bank bank = new Bank();
    Inbox inbox = new Inbox();
    try (DurableEngine engine = builder
        .register(new ExpenseWorkflowDurable(inbox))
        .register(new PayoutWorkflowDurable(bank))
        .register(new ExpenseReportDurable())
        .build()) {
      engine.start();
      ExpenseWorkflowClient expenses = ExpenseWorkflowClient.of(engine);
      String suffix = UUID.randomUUID().toString().substring(0, 8);

      Expense taxi = new Expense("taxi-" + suffix, "ann", "taxi to the airport", 4_200, "DE89");
      out.printf("%nClaim %s: %s, %d cents, by %s.%n", taxi.id(), taxi.what(), taxi.cents(),
          taxi.employee());
      RunHandle<String> first = expenses.start(taxi.id(), taxi);
      Waits.until(first, "go to sleep",
          status -> status.run().status() == RunState.SLEEPING, AWAIT);
      out.printf("  the run is %s: it waits up to 3 days for a decision, holding no thread%n",
          first.status().run().status());
      String link = inbox.links().get(0);
      out.println("  bob got a link by e-mail: " + ExpenseWorkflow.LINKS + "<token>");
      out.println("  he approves from it: POST {\"approved\":true,\"by\":\"bob\",...} to the link,"
          + " that is engine.signalWithToken(token, json)");
      engine.signalWithToken(link.substring(ExpenseWorkflow.LINKS.length()),
          "{\"approved\":true,\"by\":\"bob\",\"note\":\"fine\"}");
      out.printf("  await() returned \"%s\"%n", first.await(AWAIT));
      for (RunInfo child : first.status().children()) {
        out.printf("  child run %s of workflow %s: %s%n", child.id(), child.workflowName(),
            child.status());
      }

      Expense dinner = new Expense("dinner-" + suffix, "ann", "team dinner", 31_000, "DE89");
      out.printf("%nClaim %s: %s, %d cents, by %s.%n", dinner.id(), dinner.what(),
          dinner.cents(), dinner.employee());
      RunHandle<String> second = expenses.start(dinner.id(), dinner);
      out.println("  bob rejects it at once, before the run waits: the signal is kept for it");
      expenses.decision(second.id(), new Decision(false, "bob", "over the limit"));
      out.printf("  await() returned \"%s\"; %d transfer in all%n", second.await(AWAIT),
          bank.transfers());

      out.printf("%nSchedules:%n");
      for (ScheduleInfo schedule : engine.schedules()) {
        out.printf("  %s: cron \"%s\" in %s, next at %s%n", schedule.workflowName(), schedule.cron(),
            schedule.zone(), schedule.nextFireTimes().get(0));
      }
    }
  }
}
