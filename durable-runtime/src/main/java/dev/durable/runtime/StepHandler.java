package dev.durable.runtime;

/**
 * Serves one dispatched step by name, untyped: its arguments arrive as the JSON array the engine
 * stored, and its result leaves as JSON. Throw {@link FatalError} (or any {@link NonRetryable}) to
 * fail the step at once; any other exception counts as one failed attempt.
 */
@FunctionalInterface
public interface StepHandler {
  /**
   * @param task which attempt of which step of which run this is
   * @param input the arguments, a JSON array
   * @return the result as JSON ({@code null} for a step without a result)
   */
  String handle(TaskContext task, String input) throws Exception;
}
