package dev.durable.runtime.internal.model;

import dev.durable.runtime.StoredText;

/**
 * What a worker reports for a task: a result, or a failure that another attempt may or may not
 * help.
 *
 * @param output the result as JSON; null for a failure
 * @param errorMessage the failure's message; null for a result
 * @param errorCode the failure's code (a {@code FatalError}'s), or null
 * @param errorType the class of the worker's exception, or null
 * @param retryable whether another attempt may help; false for a result
 */
public record TaskOutcome(
    String output, String errorMessage, String errorCode, String errorType, boolean retryable) {
  /** A worker's words are made storable ({@link StoredText}): the outcome must not be refused. */
  public TaskOutcome {
    errorMessage = StoredText.message(errorMessage);
    errorCode = StoredText.bounded(errorCode, StoredText.MAX_CODE_CHARS);
    errorType = StoredText.bounded(errorType, StoredText.MAX_TYPE_CHARS);
  }

  /** The step returned {@code output}. */
  public static TaskOutcome succeeded(String output) {
    return new TaskOutcome(output, null, null, null, false);
  }

  /** The step failed. */
  public static TaskOutcome failed(
      String message, String code, String type, boolean retryable) {
    return new TaskOutcome(null, message == null ? type : message, code, type, retryable);
  }

  public boolean succeeded() {
    return errorMessage == null;
  }
}
