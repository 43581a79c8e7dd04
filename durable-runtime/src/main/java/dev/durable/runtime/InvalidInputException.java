package dev.durable.runtime;

import java.util.List;

/**
 * A run's input failed validation, or could not be encoded, when it was started. Nothing was
 * stored. {@link #violations()} names each field at fault.
 */
public class InvalidInputException extends DurableException {
  private static final long serialVersionUID = 1L;

  private final List<String> violations;

  public InvalidInputException(String message, List<String> violations) {
    super(message);
    this.violations = List.copyOf(violations);
  }

  /** One line per violation, each naming the field: {@code order.quantity: must be ≥ 1}. */
  public List<String> violations() {
    return violations;
  }
}
