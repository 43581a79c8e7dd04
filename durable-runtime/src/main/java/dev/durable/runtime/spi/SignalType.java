package dev.durable.runtime.spi;

import com.fasterxml.jackson.databind.JavaType;
import java.util.Objects;

/**
 * A signal's stored name and the type of the value it carries. Generated as a constant of each
 * {@code <Name>Durable} class, one per {@code @Signal} method; the generated client sends through
 * it, and the override waits through it.
 *
 * @param <T> the signal's value type, the {@code @Signal} method's return type
 */
public final class SignalType<T> {
  private final String name;
  private final Payload value;

  private SignalType(String name, Payload value) {
    this.name = name;
    this.value = value;
  }

  /** A signal named {@code name} whose values are of {@code type}. */
  public static <T> SignalType<T> of(String name, JavaType type) {
    return new SignalType<>(
        Objects.requireNonNull(name, "name"), new Payload("value", type, false));
  }

  /** {@link #of}, for a value type that carries Jakarta constraints, checked when sent. */
  public static <T> SignalType<T> validated(String name, JavaType type) {
    return new SignalType<>(Objects.requireNonNull(name, "name"), new Payload("value", type, true));
  }

  /** The signal's stored name. */
  public String name() {
    return name;
  }

  /** The type of its value: what is sent, stored and returned by the wait. */
  public Payload value() {
    return value;
  }

  @Override
  public String toString() {
    return "signal '" + name + "'";
  }
}
