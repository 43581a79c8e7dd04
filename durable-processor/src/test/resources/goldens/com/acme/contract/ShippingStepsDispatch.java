package com.acme.contract;

import com.acme.Order;
import com.acme.Quote;
import dev.durable.annotations.Backoff;
import dev.durable.runtime.Parallel;
import dev.durable.runtime.RetryPolicy;
import dev.durable.runtime.spi.DurableSteps;
import dev.durable.runtime.spi.StepType;
import dev.durable.runtime.spi.Steps;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import javax.annotation.processing.Generated;

/**
 * Dispatches the steps of {@link ShippingSteps} to the workers that serve them: give an instance to
 * a workflow, and each call from its {@code @Run} method queues a task and suspends the run until a
 * worker's outcome is stored. Calls outside a run are refused.
 */
@Generated("dev.durable.processor.DurableProcessor")
public final class ShippingStepsDispatch implements ShippingSteps {
  /** Step {@code shipping.quote}: {@link ShippingSteps#quotes(Order, Map)}. */
  public static final StepType<List<Quote>> SHIPPING_QUOTE = StepType.<List<Quote>>builder("shipping.quote")
      .retry(RetryPolicy.of(5, Backoff.EXP, 200, 10000, true))
      .param("order", ShippingStepsCodecs.ORDER)
      .param("weights", ShippingStepsCodecs.MAP_OF_STRING_TO_INTEGER)
      .result(ShippingStepsCodecs.LIST_OF_QUOTE)
      .build();

  /** Step {@code label}: {@link ShippingSteps#label(String)}. */
  public static final StepType<Long> LABEL = StepType.<Long>builder("label")
      .retry(RetryPolicy.of(2, Backoff.EXP, 1000, 0, false))
      .remoteRedispatch(60000, 3)
      .param("address", ShippingStepsCodecs.STRING)
      .result(ShippingStepsCodecs.LONG)
      .nonRetryable(error -> error instanceof IOException)
      .build();

  /** Step {@code dispatch}: {@link ShippingSteps#dispatch(Order, String)}. */
  public static final StepType<Void> DISPATCH = StepType.<Void>builder("dispatch")
      .retry(RetryPolicy.of(1, Backoff.EXP, 1000, 0, false))
      .timeoutMs(30000)
      .pickupTimeoutMs(60000)
      .param("order", ShippingStepsCodecs.ORDER)
      .param("label", ShippingStepsCodecs.STRING)
      .result(ShippingStepsCodecs.VOID)
      .build();

  private static final Durable DURABLE = new DurableCalls();

  /** Dispatches {@link ShippingSteps#quotes(Order, Map)}. */
  @Override
  public List<Quote> quotes(Order order, Map<String, Integer> weights) {
    return Steps.dispatch(SHIPPING_QUOTE, new Object[] {order, weights});
  }

  /** Dispatches {@link ShippingSteps#label(String)}. */
  @Override
  public long label(String address) throws IOException {
    return Steps.dispatch(LABEL, new Object[] {address});
  }

  /** Dispatches {@link ShippingSteps#dispatch(Order, String)}. */
  @Override
  public void dispatch(Order order, String label) {
    Steps.dispatch(DISPATCH, new Object[] {order, label});
  }

  /** The steps on the durable path, for fans and parallel groups. */
  public static Durable durable() {
    return DURABLE;
  }

  /**
   * The steps of {@link ShippingSteps} on the durable path, those without {@code timeoutMs}: the only
   * ones a fan or parallel group accepts, as in
   * {@code Parallel.fan(inputs, durable(), (steps, input) -> ...)}.
   */
  public interface Durable extends DurableSteps {
    /** See {@link ShippingSteps#quotes(Order, Map)}. */
    List<Quote> quotes(Order order, Map<String, Integer> weights);

    /** See {@link ShippingSteps#label(String)}. */
    long label(String address) throws IOException;
  }

  private static final class DurableCalls implements Durable {
    /** Dispatches {@link ShippingSteps#quotes(Order, Map)}. */
    @Override
    public List<Quote> quotes(Order order, Map<String, Integer> weights) {
      return Steps.dispatch(SHIPPING_QUOTE, new Object[] {order, weights});
    }

    /** Dispatches {@link ShippingSteps#label(String)}. */
    @Override
    public long label(String address) throws IOException {
      return Steps.dispatch(LABEL, new Object[] {address});
    }
  }
}
