package dev.durable.runtime;

import java.util.Objects;
import java.util.Optional;

/**
 * The structured error of a failed run, or of a failed step attempt.
 *
 * <p>What it holds is storable as made: a NUL character or a lone surrogate in the message or the
 * code is replaced by its escape ({@code \u0000}), a message longer than {@value
 * StoredText#MAX_MESSAGE_CHARS} characters is cut with a marker saying how much was cut, and a code
 * longer than {@value StoredText#MAX_CODE_CHARS} characters is cut likewise (see {@link
 * StoredText}).
 *
 * @param message what went wrong, as the failing code said it
 * @param code a short stable code: the {@link FatalError#code()} thrown, or one of the engine's
 *     ({@code step_failed}, {@code step_timeout}, {@code workflow_error}, {@code non_determinism},
 *     {@code payload_undecodable}, {@code invalid_output}, {@code cancelled}, {@code
 *     storage_refused}, {@code storage_unreadable}; a step attempt's own, {@code
 *     attempt_interrupted}: it may have run on an engine whose lease ended unrenewed)
 * @param type the class name of the exception that caused it
 * @param step the name of the step that failed, when a step did
 */
public record RunError(String message, String code, String type, Optional<String> step) {
  public RunError {
    Objects.requireNonNull(message, "message");
    Objects.requireNonNull(code, "code");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(step, "step");
    message = StoredText.message(message);
    code = StoredText.bounded(code, StoredText.MAX_CODE_CHARS);
    type = StoredText.bounded(type, StoredText.MAX_TYPE_CHARS);
    step = step.map(name -> StoredText.bounded(name, StoredText.MAX_CODE_CHARS));
  }
}
