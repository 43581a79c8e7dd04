package dev.durable.processor.model;

import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeVariableName;
import java.util.List;

/**
 * A non-private constructor of the workflow class, mirrored by the generated subclass.
 *
 * @param typeVariables its own type parameters, if any
 * @param params its parameters, in order
 * @param varargs whether the last parameter is variable-arity
 * @param thrown its {@code throws} clause, in order
 * @param deprecated whether it is {@code @Deprecated}; then so is its mirror
 */
public record ConstructorModel(
    List<TypeVariableName> typeVariables,
    List<ParamModel> params,
    boolean varargs,
    List<TypeName> thrown,
    boolean deprecated) {

  public ConstructorModel {
    typeVariables = List.copyOf(typeVariables);
    params = List.copyOf(params);
    thrown = List.copyOf(thrown);
  }
}
