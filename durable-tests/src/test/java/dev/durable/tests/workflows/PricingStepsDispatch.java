package dev.durable.tests.workflows;

import com.fasterxml.jackson.databind.type.TypeFactory;
import dev.durable.annotations.Backoff;
import dev.durable.runtime.RetryPolicy;
import dev.durable.runtime.spi.StepType;
import dev.durable.runtime.spi.Steps;

/**
 * Dispatches {@link PricingSteps} to workers through the engine's SPI: what the processor will
 * generate for a contract, written by hand until it does.
 */
public final class PricingStepsDispatch implements PricingSteps {
  static final StepType<Quote> QUOTE_STEP = StepType.<Quote>builder(QUOTE)
      .retry(RetryPolicy.of(3, Backoff.FIXED, 1_000, 0, false))
      .param("order", TypeFactory.defaultInstance().constructType(Order.class))
      .result(TypeFactory.defaultInstance().constructType(Quote.class))
      .build();

  @Override
  public Quote quote(Order order) {
    return Steps.dispatch(QUOTE_STEP, new Object[] {order});
  }
}
