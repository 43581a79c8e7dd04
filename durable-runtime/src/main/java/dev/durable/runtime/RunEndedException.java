package dev.durable.runtime;

/**
 * The run has ended (completed, failed or cancelled), so it can take no more signals: a signal
 * sent to it is refused, and nothing is stored.
 */
public class RunEndedException extends DurableException {
  private static final long serialVersionUID = 1L;

  private final RunState state;

  public RunEndedException(String message, RunState state) {
    super(message);
    this.state = state;
  }

  /** The state the run ended in. */
  public RunState state() {
    return state;
  }
}
