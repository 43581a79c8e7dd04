package dev.durable.runtime.spi;

import com.fasterxml.jackson.databind.JavaType;
import java.util.Objects;

/**
 * One stored value of a workflow or step: a parameter or a result.
 *
 * @param name the parameter's name in the source, or {@code "result"}; used in error messages
 * @param type its full generic Jackson type, built once by the generated {@code Codecs} class
 * @param validated whether the type carries Jakarta constraints, checked with Hibernate Validator
 */
public record Payload(String name, JavaType type, boolean validated) {
  public Payload {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
  }
}
