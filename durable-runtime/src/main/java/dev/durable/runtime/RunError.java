package dev.durable.runtime;

import java.util.Objects;
import java.util.Optional;

/**
 * The structured error of a failed run, or of a failed step attempt.
 *
 * @param message what went wrong, as the failing code said it
 * @param code a short stable code: the {@link FatalError#code()} thrown, or one of the engine's
 *     ({@code step_failed}, {@code step_timeout}, {@code workflow_error}, {@code non_determinism},
 *     {@code payload_undecodable}, {@code invalid_output}, {@code cancelled})
 * @param type the class name of the exception that caused it
 * @param step the name of the step that failed, when a step did
 */
public record RunError(String message, String code, String type, Optional<String> step) {
  public RunError {
    Objects.requireNonNull(message, "message");
    Objects.requireNonNull(code, "code");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(step, "step");
  }
}
