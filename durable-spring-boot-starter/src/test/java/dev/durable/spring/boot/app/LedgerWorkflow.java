package dev.durable.spring.boot.app;

import dev.durable.annotations.Backoff;
import dev.durable.annotations.Run;
import dev.durable.annotations.Step;
import dev.durable.annotations.Workflow;

/** A workflow whose step calls a {@code @Transactional} bean, and is retried once. */
@Workflow(name = "ledger")
public class LedgerWorkflow {
  private final Ledger ledger;

  public LedgerWorkflow(Ledger ledger) {
    this.ledger = ledger;
  }

  @Step(retries = 2, backoff = Backoff.FIXED, backoffMs = 0)
  protected int record(String entry) {
    return ledger.record(entry);
  }

  @Run
  public int run(String entry) {
    return record(entry);
  }
}
