package dev.durable.test.workflows;

import dev.durable.annotations.Backoff;
import dev.durable.annotations.Step;

/** A step contract that workers serve: the workflow dispatches it. */
public interface QuoteSteps {
  @Step(name = "quotes.price", retries = 2, backoff = Backoff.FIXED, backoffMs = 3_600_000)
  long priceCents(String sku);
}
