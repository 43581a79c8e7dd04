package dev.durable.runtime.testing;

import java.util.Objects;

/**
 * The current code no longer replays some exported runs: a deploy would fail them. An {@link
 * AssertionError}, so that a test framework shows it as a failed test; its message lists every run
 * that failed with its differences.
 */
public final class ReplayFailure extends AssertionError {
  private static final long serialVersionUID = 1L;

  private final transient ReplayReport report;

  ReplayFailure(String message, ReplayReport report) {
    super(message);
    this.report = Objects.requireNonNull(report, "report");
  }

  /** The whole report: the runs that failed, and those that replayed or were skipped. */
  public ReplayReport report() {
    return report;
  }
}
