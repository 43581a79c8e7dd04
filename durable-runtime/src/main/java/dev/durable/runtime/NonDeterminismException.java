package dev.durable.runtime;

/**
 * A replay found the workflow's code calling a different step at a position than the run recorded:
 * the code changed under a running version. The run fails with code {@code non_determinism}; deploy
 * the old code under the old version (or requeue after restoring it).
 */
public class NonDeterminismException extends DurableException {
  private static final long serialVersionUID = 1L;

  public NonDeterminismException(String message) {
    super(message);
  }
}
