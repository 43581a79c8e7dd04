package com.acme.edge;

import com.acme.Order;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.type.TypeFactory;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.annotation.processing.Generated;

/**
 * The Jackson types of everything {@link Outer.Inner} stores: its input and result and each step's
 * parameters and result, with their full generic types, built once.
 */
@Generated("dev.durable.processor.DurableProcessor")
public final class Outer_InnerCodecs {
  private static final TypeFactory TYPES = TypeFactory.defaultInstance();

  public static final JavaType VOID = TYPES.constructType(Void.class);

  public static final JavaType INTEGER = TYPES.constructType(Integer.class);

  public static final JavaType LONG = TYPES.constructType(Long.class);

  public static final JavaType ORDER = TYPES.constructType(Order.class);

  public static final JavaType OPTIONAL_OF_ORDER = TYPES.constructParametricType(Optional.class, ORDER);

  public static final JavaType OUTER_ITEM = TYPES.constructType(Outer.Item.class);

  public static final JavaType OUTER_ITEM_ARRAY = TYPES.constructArrayType(OUTER_ITEM);

  public static final JavaType BYTE_ARRAY = TYPES.constructArrayType(byte.class);

  public static final JavaType ORDER_ARRAY = TYPES.constructArrayType(ORDER);

  public static final JavaType ORDER_ARRAY_ARRAY = TYPES.constructArrayType(ORDER_ARRAY);

  public static final JavaType INT_ARRAY = TYPES.constructArrayType(int.class);

  public static final JavaType STRING = TYPES.constructType(String.class);

  public static final JavaType MAP_ENTRY_OF_STRING_AND_ORDER = TYPES.constructParametricType(Map.Entry.class, STRING, ORDER);

  public static final JavaType SET_OF_MAP_ENTRY_OF_STRING_AND_ORDER = TYPES.constructParametricType(Set.class, MAP_ENTRY_OF_STRING_AND_ORDER);

  public static final JavaType LIST_OF_ORDER = TYPES.constructParametricType(List.class, ORDER);

  public static final JavaType MAP_OF_STRING_TO_LIST_OF_ORDER = TYPES.constructParametricType(Map.class, STRING, LIST_OF_ORDER);

  private Outer_InnerCodecs() {
  }
}
