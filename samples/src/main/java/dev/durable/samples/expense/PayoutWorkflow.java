package dev.durable.samples.expense;

import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;

/** Pays an approved expense out: a child run of {@link ExpenseWorkflow}. */
@Workflow(name = "payout")
public class PayoutWorkflow {
  private final Bank bank;

  public PayoutWorkflow(Bank bank) {
    this.bank = bank;
  }

  @Step(retries = 5)
  protected Receipt transfer(Expense expense) {
    return new Receipt(bank.transfer(expense.account(), expense.cents()), expense.cents());
  }

  @Run
  public Receipt run(Expense expense) {
    return transfer(expense);
  }
}
