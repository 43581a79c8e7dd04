package com.acme.contract;

import com.acme.Order;
import com.acme.Quote;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.type.TypeFactory;
import java.util.List;
import java.util.Map;
import javax.annotation.processing.Generated;

/**
 * The Jackson types of everything the steps of {@link ShippingSteps} store: their parameters and
 * results, with their full generic types, built once.
 */
@Generated("dev.durable.processor.DurableProcessor")
public final class ShippingStepsCodecs {
  private static final TypeFactory TYPES = TypeFactory.defaultInstance();

  public static final JavaType ORDER = TYPES.constructType(Order.class);

  public static final JavaType STRING = TYPES.constructType(String.class);

  public static final JavaType INTEGER = TYPES.constructType(Integer.class);

  public static final JavaType MAP_OF_STRING_TO_INTEGER = TYPES.constructParametricType(Map.class, STRING, INTEGER);

  public static final JavaType QUOTE = TYPES.constructType(Quote.class);

  public static final JavaType LIST_OF_QUOTE = TYPES.constructParametricType(List.class, QUOTE);

  public static final JavaType LONG = TYPES.constructType(Long.class);

  public static final JavaType VOID = TYPES.constructType(Void.class);

  private ShippingStepsCodecs() {
  }
}
