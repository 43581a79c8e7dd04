package com.acme.contract;

import com.acme.Order;
import dev.durable.runtime.spi.StepBinding;
import dev.durable.runtime.spi.StepType;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import javax.annotation.processing.Generated;

/**
 * Serves the steps of {@link ShippingSteps} with an implementation:
 * {@code DurableWorker.builder().serve(ShippingStepsWorker.of(implementation))}.
 */
@Generated("dev.durable.processor.DurableProcessor")
public final class ShippingStepsWorker implements StepBinding {
  private final ShippingSteps implementation;

  private ShippingStepsWorker(ShippingSteps implementation) {
    this.implementation = implementation;
  }

  /** The binding of {@code implementation}. */
  public static StepBinding of(ShippingSteps implementation) {
    return new ShippingStepsWorker(Objects.requireNonNull(implementation, "implementation"));
  }

  @Override
  public List<StepType<?>> steps() {
    return List.of(ShippingStepsDispatch.SHIPPING_QUOTE, ShippingStepsDispatch.LABEL, ShippingStepsDispatch.DISPATCH);
  }

  @Override
  @SuppressWarnings("unchecked")
  public Object invoke(String step, Object[] args) throws Exception {
    switch (step) {
      case "shipping.quote":
        return implementation.quotes((Order) args[0], (Map<String, Integer>) args[1]);
      case "label":
        return implementation.label((String) args[0]);
      case "dispatch":
        implementation.dispatch((Order) args[0], (String) args[1]);
        return null;
      default:
        throw new IllegalArgumentException("no such step in ShippingSteps: " + step);
    }
  }
}
