package dev.durable.processor.model;

import com.palantir.javapoet.TypeName;
import java.util.List;
import java.util.Objects;

/**
 * One {@code @Signal} method.
 *
 * @param methodName the method's name, also the generated client's method that sends the signal
 * @param signalName the signal's stored name: {@code @Signal(name)}, or the method name
 * @param visibility the method's access, kept by the override
 * @param waitParam the name of its {@code Duration} parameter, or null when it takes none (the
 *     wait has no limit)
 * @param value its return type: the value the signal carries
 * @param thrown its {@code throws} clause, in order
 * @param deprecated whether it is {@code @Deprecated}; then so is its override
 */
public record SignalModel(
    String methodName,
    String signalName,
    Visibility visibility,
    String waitParam,
    TypeRef value,
    List<TypeName> thrown,
    boolean deprecated) {

  public SignalModel {
    Objects.requireNonNull(methodName, "methodName");
    Objects.requireNonNull(signalName, "signalName");
    Objects.requireNonNull(visibility, "visibility");
    Objects.requireNonNull(value, "value");
    thrown = List.copyOf(thrown);
  }
}
