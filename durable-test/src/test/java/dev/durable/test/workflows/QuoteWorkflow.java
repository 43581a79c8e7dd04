package dev.durable.test.workflows;

import dev.durable.annotations.Run;
import dev.durable.annotations.Workflow;

/** Prices an order's item on a worker, or, given {@code "loop"}, asks for prices for ever. */
@Workflow(name = "quote")
public class QuoteWorkflow {
  private final QuoteSteps quotes = new QuoteStepsDispatch();

  @Run
  public String run(String sku) {
    long cents = quotes.priceCents(sku);
    while (sku.equals("loop")) {
      cents += quotes.priceCents(sku);
    }
    return sku + " costs " + cents + " cents";
  }
}
