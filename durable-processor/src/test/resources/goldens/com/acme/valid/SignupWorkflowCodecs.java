package com.acme.valid;

import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.type.TypeFactory;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.util.List;
import java.util.Map;
import javax.annotation.processing.Generated;

/**
 * The Jackson types of everything {@link SignupWorkflow} stores: its input and result and each
 * step's parameters and result, with their full generic types, built once.
 */
@Generated("dev.durable.processor.DurableProcessor")
public final class SignupWorkflowCodecs {
  private static final TypeFactory TYPES = TypeFactory.defaultInstance();

  public static final JavaType SIGNUP = TYPES.constructType(Signup.class);

  public static final JavaType LIST_OF_SIGNUP = TYPES.constructParametricType(List.class, SIGNUP);

  public static final JavaType PLAIN = TYPES.constructType(Plain.class);

  public static final JavaType TAGS = TYPES.constructType(Tags.class);

  public static final JavaType RECEIPT = TYPES.constructType(Receipt.class);

  public static final JavaType STRING = TYPES.constructType(String.class);

  public static final JavaType MAP_OF_STRING_TO_PLAIN = TYPES.constructParametricType(Map.class, STRING, PLAIN);

  private SignupWorkflowCodecs() {
  }

  /**
   * The Jakarta constraints written on the parameters of
   * {@link SignupWorkflow#run(Signup, List, Plain, Tags)}, each on the field of its parameter's
   * name: a run's start, a child's start and {@code continueAsNew} check the input against them.
   */
  public static final class RunParameters {
    @NotNull
    Signup signup;

    @Size(
        max = 10
    )
    List<@NotNull Signup> others;

    private RunParameters() {
    }
  }
}
