package com.acme;

import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.type.TypeFactory;
import java.util.List;
import java.util.Map;
import javax.annotation.processing.Generated;

/**
 * The Jackson types of everything {@link CheckoutWorkflow} stores: its input and result and each
 * step's parameters and result, with their full generic types, built once.
 */
@Generated("dev.durable.processor.DurableProcessor")
public final class CheckoutWorkflowCodecs {
  private static final TypeFactory TYPES = TypeFactory.defaultInstance();

  public static final JavaType ORDER = TYPES.constructType(Order.class);

  public static final JavaType STRING = TYPES.constructType(String.class);

  public static final JavaType QUOTE = TYPES.constructType(Quote.class);

  public static final JavaType CHARGE = TYPES.constructType(Charge.class);

  public static final JavaType MAP_OF_STRING_TO_ORDER = TYPES.constructParametricType(Map.class, STRING, ORDER);

  public static final JavaType LIST_OF_MAP_OF_STRING_TO_ORDER = TYPES.constructParametricType(List.class, MAP_OF_STRING_TO_ORDER);

  public static final JavaType VOID = TYPES.constructType(Void.class);

  private CheckoutWorkflowCodecs() {
  }
}
