package dev.durable.runtime;

/**
 * A start named a {@linkplain StartOptions.Builder#deduplicationId deduplication id} that an
 * unfinished run holds already: nothing was stored. The id is free again once that run ends.
 */
public class DuplicateRunException extends DurableException {
  private static final long serialVersionUID = 1L;

  private final String runId;

  public DuplicateRunException(String message, String runId) {
    super(message);
    this.runId = runId;
  }

  /** The unfinished run that holds the deduplication id. */
  public String getRunId() {
    return runId;
  }
}
