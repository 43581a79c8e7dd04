package com.acme.naming;

import com.acme.Order;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.type.TypeFactory;
import java.util.List;
import javax.annotation.processing.Generated;

/**
 * The Jackson types of everything {@link NamingWorkflow} stores: its input and result and each
 * step's parameters and result, with their full generic types, built once.
 */
@Generated("dev.durable.processor.DurableProcessor")
public final class NamingWorkflowCodecs {
  private static final TypeFactory TYPES = TypeFactory.defaultInstance();

  public static final JavaType ORDER = TYPES.constructType(Order.class);

  public static final JavaType COM_OTHER_ORDER = TYPES.constructType(com.other.Order.class);

  public static final JavaType COM_ACME_NAMING_TYPES = TYPES.constructType(Types.class);

  public static final JavaType LIST_OF_COM_OTHER_ORDER = TYPES.constructParametricType(List.class, COM_OTHER_ORDER);

  public static final JavaType LIST_OF_ORDER = TYPES.constructParametricType(List.class, ORDER);

  public static final JavaType VOID = TYPES.constructType(Void.class);

  private NamingWorkflowCodecs() {
  }
}
