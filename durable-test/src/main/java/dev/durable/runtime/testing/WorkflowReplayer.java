package dev.durable.runtime.testing;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.durable.runtime.PayloadTransform;
import dev.durable.runtime.RunExport;
import dev.durable.runtime.codec.Payloads;
import dev.durable.runtime.spi.DurableWorkflow;
import dev.durable.runtime.spi.RunReplays;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Replays runs exported from production ({@code durable-cli export}, {@link
 * dev.durable.runtime.DurableEngine#export}) against the current code of their workflows, in a
 * unit test, without a database and without executing any step: the check to run before a deploy.
 *
 * <pre>{@code
 * @Test
 * void productionRunsReplay() {
 *   WorkflowReplayer.of(new CheckoutWorkflowDurable(pricing))
 *       .replay(Path.of("src/test/resources/checkout-runs.json"));
 * }
 * }</pre>
 *
 * <p>Each run of a registered workflow (same name and version) is replayed as an engine's turn
 * would: every call is matched to the checkpoint at its position and answered with the recorded
 * result, and the replay of a run ends where the run had not got further (a call without an ended
 * checkpoint: a step not yet run, a timer still running). It fails where a deploy would:
 * <ul>
 *   <li>a call that does not match what the run recorded at its position (a step renamed,
 *       reordered, added or removed without {@code ctx.patched}), or a step called with other
 *       arguments;
 *   <li>a stored step result, a step's stored arguments, the run's input or a completed run's result
 *       that no longer decodes into the current types;
 *   <li>a step graph whose fingerprint no longer holds the run's (an engine refuses such a run);
 *   <li>a completed run whose code now ends before its last checkpoint, goes on past it, or fails.
 * </ul>
 * Every run is replayed, and one {@link ReplayFailure} lists all that failed. Runs of workflows
 * not registered here (or at another version) are skipped and listed in the {@link ReplayReport};
 * an export without any run of a registered workflow fails, as it checks nothing.
 */
public final class WorkflowReplayer {
  private final List<DurableWorkflow<?>> workflows;
  private final ObjectMapper mapper;
  private final PayloadTransform codec;

  private WorkflowReplayer(
      List<DurableWorkflow<?>> workflows, ObjectMapper mapper, PayloadTransform codec) {
    this.workflows = workflows;
    this.mapper = mapper;
    this.codec = codec;
  }

  /**
   * A replayer of the runs of {@code workflows}: instances of their generated {@code <Name>Durable}
   * classes, as registered with an engine. Their steps are never executed, so their dependencies
   * may be stubs.
   */
  public static WorkflowReplayer of(DurableWorkflow<?>... workflows) {
    return new WorkflowReplayer(List.of(workflows), Payloads.defaultMapper(), null);
  }

  /**
   * This replayer decoding stored values with {@code mapper}: the one given to the engine's {@code
   * objectMapper(...)}, if it was given one.
   */
  public WorkflowReplayer objectMapper(ObjectMapper mapper) {
    return new WorkflowReplayer(workflows, Objects.requireNonNull(mapper, "mapper"), codec);
  }

  /**
   * This replayer decoding stored payloads with {@code codec}: the engine's {@code
   * payloadCodec(...)}, with the keys the exported runs were stored under (an export carries
   * payloads as they are stored, encoded).
   */
  public WorkflowReplayer payloadCodec(PayloadTransform codec) {
    return new WorkflowReplayer(workflows, mapper, Objects.requireNonNull(codec, "codec"));
  }

  /**
   * Replays the export in the file at {@code path}.
   *
   * @return the report, when every run replays
   * @throws ReplayFailure if some runs no longer replay, or none could be replayed
   * @throws IllegalArgumentException if the file is not a durable export
   */
  public ReplayReport replay(Path path) {
    return replay(RunExport.read(path));
  }

  /** {@link #replay(Path)} of an export read from {@code in}, which stays open. */
  public ReplayReport replay(InputStream in) {
    return replay(RunExport.read(in));
  }

  /** {@link #replay(Path)} of an export already read. */
  public ReplayReport replay(RunExport export) {
    List<String> replayed = new ArrayList<>();
    List<ReplayReport.Skipped> skipped = new ArrayList<>();
    List<ReplayReport.Failed> failed = new ArrayList<>();
    List<String> registered;
    try (RunReplays replays = RunReplays.open(workflows, mapper, codec)) {
      registered = replays.registered();
      for (RunExport.Run run : export.runs()) {
        if (!replays.isRegistered(run)) {
          skipped.add(new ReplayReport.Skipped(run.id(), run.workflow(), run.version()));
          continue;
        }
        List<String> differences = replays.replay(run);
        if (differences.isEmpty()) {
          replayed.add(run.id());
        } else {
          failed.add(
              new ReplayReport.Failed(run.id(), run.workflow(), run.version(), differences));
        }
      }
    }
    ReplayReport report = new ReplayReport(replayed, skipped, failed);
    if (!failed.isEmpty()) {
      throw new ReplayFailure(failureMessage(report), report);
    }
    if (replayed.isEmpty()) {
      throw new ReplayFailure(
          export.runs().isEmpty()
              ? "the export holds no runs, so nothing was checked; export runs that exist"
              : "none of the " + export.runs().size() + " exported runs is of a workflow"
                  + " registered with the replayer (" + String.join(", ", registered)
                  + "), so nothing was checked; the runs are of " + workflowsOf(skipped)
                  + ": register those workflows' classes",
          report);
    }
    return report;
  }

  private static String failureMessage(ReplayReport report) {
    StringBuilder message = new StringBuilder()
        .append(report.failed().size()).append(" of ")
        .append(report.failed().size() + report.replayed().size())
        .append(" exported run(s) no longer replay against the current code:");
    for (ReplayReport.Failed run : report.failed()) {
      message.append("\n- run ").append(run.runId()).append(" (workflow '")
          .append(run.workflow()).append("' version '").append(run.version()).append("'):");
      for (String difference : run.differences()) {
        message.append("\n    ").append(difference);
      }
    }
    if (!report.skipped().isEmpty()) {
      message.append("\n").append(report.skipped().size())
          .append(" run(s) skipped, their workflow not registered: ")
          .append(workflowsOf(report.skipped()));
    }
    return message.toString();
  }

  private static String workflowsOf(List<ReplayReport.Skipped> skipped) {
    return String.join(", ", skipped.stream()
        .map(run -> "workflow '" + run.workflow() + "' version '" + run.version() + "'")
        .distinct()
        .toList());
  }
}
