package dev.durable.runtime.spi;

import com.fasterxml.jackson.databind.JavaType;
import java.util.Objects;
import java.util.Optional;

/**
 * One stored value of a workflow or step: a parameter or a result.
 *
 * @param name the parameter's name in the source, or {@code "result"}; used in error messages
 * @param type its full generic Jackson type, built once by the generated {@code Codecs} class
 * @param validated whether the type carries Jakarta constraints, checked with Hibernate Validator
 * @param declaredConstraints for a {@code @Run} parameter with Jakarta constraints written on the
 *     parameter itself ({@code @NotNull String customer}, {@code List<@NotBlank String> tags}):
 *     the generated class ({@code <Name>Codecs.RunParameters}) with a field of the parameter's
 *     name that carries the same constraints, which Hibernate Validator checks a value against
 *     ({@code validateValue}) without looking the method up; empty otherwise
 */
public record Payload(
    String name, JavaType type, boolean validated, Optional<Class<?>> declaredConstraints) {
  public Payload {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(declaredConstraints, "declaredConstraints");
  }

  /** A value with no constraints written on its parameter. */
  public Payload(String name, JavaType type, boolean validated) {
    this(name, type, validated, Optional.empty());
  }
}
