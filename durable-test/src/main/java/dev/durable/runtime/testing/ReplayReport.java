package dev.durable.runtime.testing;

import java.util.List;
import java.util.Objects;

/**
 * What {@link WorkflowReplayer} found, run by run.
 *
 * @param replayed the ids of the runs the current code replays
 * @param skipped the runs not replayed: their workflow, at their version, is not registered with
 *     the replayer
 * @param failed the runs the current code no longer replays, each with its differences
 */
public record ReplayReport(List<String> replayed, List<Skipped> skipped, List<Failed> failed) {
  public ReplayReport {
    replayed = List.copyOf(replayed);
    skipped = List.copyOf(skipped);
    failed = List.copyOf(failed);
  }

  /**
   * A run that was not replayed.
   *
   * @param runId the run's id
   * @param workflow its workflow's name
   * @param version its workflow's version
   */
  public record Skipped(String runId, String workflow, String version) {
    public Skipped {
      Objects.requireNonNull(runId, "runId");
    }
  }

  /**
   * A run the current code no longer replays.
   *
   * @param runId the run's id
   * @param workflow its workflow's name
   * @param version its workflow's version
   * @param differences each a sentence naming the run, the position and what the run recorded
   *     there against what the code does now, or the stored value that no longer decodes
   */
  public record Failed(String runId, String workflow, String version, List<String> differences) {
    public Failed {
      Objects.requireNonNull(runId, "runId");
      differences = List.copyOf(differences);
    }
  }

  /** Whether every run of a registered workflow replays. */
  public boolean passed() {
    return failed.isEmpty();
  }
}
