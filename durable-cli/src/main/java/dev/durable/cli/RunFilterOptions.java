package dev.durable.cli;

import dev.durable.runtime.RunFilter;
import dev.durable.runtime.RunState;
import java.time.Instant;
import java.util.List;
import java.util.function.Function;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * The options that choose runs, shared by {@code list} and {@code export}: each narrows the runs
 * listed; {@code --limit} caps them.
 */
final class RunFilterOptions {
  @Option(names = "--workflow", paramLabel = "<name>", description = "Only runs of this workflow")
  String workflow;

  @Option(
      names = "--version",
      paramLabel = "<version>",
      description = "Only runs of this version of it")
  String version;

  @Option(
      names = "--status",
      paramLabel = "<status>",
      split = ",",
      description = "Only runs in this status (repeatable, or comma-separated): ${COMPLETION-CANDIDATES}")
  List<RunState> statuses = List.of();

  @Option(
      names = "--created-from",
      paramLabel = "<instant>",
      converter = Converters.InstantConverter.class,
      description = "Only runs started at or after this instant (2026-12-01T22:00:00Z, or a date)")
  Instant createdFrom;

  @Option(
      names = "--created-before",
      paramLabel = "<instant>",
      converter = Converters.InstantConverter.class,
      description = "Only runs started before this instant")
  Instant createdBefore;

  @Option(
      names = "--updated-from",
      paramLabel = "<instant>",
      converter = Converters.InstantConverter.class,
      description = "Only runs last changed at or after this instant")
  Instant updatedFrom;

  @Option(
      names = "--updated-before",
      paramLabel = "<instant>",
      converter = Converters.InstantConverter.class,
      description = "Only runs last changed before this instant")
  Instant updatedBefore;

  @Option(
      names = "--queue",
      paramLabel = "<name>",
      description = "Only runs started through this queue ('queues' lists them)")
  String queue;

  @Option(
      names = "--prefix",
      paramLabel = "<text>",
      description = "Only runs whose id starts with this")
  String prefix;

  @Option(
      names = "--parent",
      paramLabel = "<runId>",
      description = "Only the child runs of this run")
  String parent;

  @Option(
      names = "--code",
      paramLabel = "<code>",
      description = "Only runs that failed with this error code")
  String code;

  @Option(
      names = "--attribute",
      paramLabel = "<key=value>",
      description = "Only runs holding this attribute (repeatable: runs holding all of them)")
  List<String> attributes = List.of();

  @Option(names = "--limit", paramLabel = "<n>", defaultValue = "" + RunFilter.DEFAULT_LIMIT,
      description = "At most this many runs, 1 to " + RunFilter.MAX_LIMIT + " (default: ${DEFAULT-VALUE})")
  int limit;

  /**
   * Checks the limit.
   *
   * @param usage makes the command's usage error from a message
   * @param hint what to do about too many runs, appended to the message
   */
  void check(Function<String, ParameterException> usage, String hint) {
    if (limit < 1 || limit > RunFilter.MAX_LIMIT) {
      throw usage.apply(
          "--limit must be 1 to " + RunFilter.MAX_LIMIT + ", but was " + limit + hint);
    }
    RunFilter.Builder checked = RunFilter.builder();
    for (String attribute : attributes) {
      int at = attribute.indexOf('=');
      if (at < 1) {
        throw usage.apply("--attribute takes key=value, such as --attribute customer=c-42, but"
            + " was '" + Printer.oneLine(attribute) + "'");
      }
      try {
        checked.attribute(attribute.substring(0, at), attribute.substring(at + 1));
      } catch (IllegalArgumentException e) {
        throw usage.apply("--attribute " + e.getMessage());
      }
    }
  }

  /** Whether any option but {@code --limit} narrows the runs. */
  boolean narrows() {
    return workflow != null || version != null || !statuses.isEmpty() || createdFrom != null
        || createdBefore != null || updatedFrom != null || updatedBefore != null
        || queue != null || prefix != null || parent != null || code != null
        || !attributes.isEmpty();
  }

  /** The filter these options make. */
  RunFilter build() {
    RunFilter.Builder filter = RunFilter.builder().limit(limit);
    if (workflow != null) {
      filter.workflow(workflow);
    }
    if (version != null) {
      filter.version(version);
    }
    filter.status(statuses.toArray(RunState[]::new));
    if (createdFrom != null) {
      filter.createdFrom(createdFrom);
    }
    if (createdBefore != null) {
      filter.createdBefore(createdBefore);
    }
    if (updatedFrom != null) {
      filter.updatedFrom(updatedFrom);
    }
    if (updatedBefore != null) {
      filter.updatedBefore(updatedBefore);
    }
    if (queue != null) {
      filter.queue(queue);
    }
    if (prefix != null) {
      filter.runIdPrefix(prefix);
    }
    if (parent != null) {
      filter.parentId(parent);
    }
    if (code != null) {
      filter.errorCode(code);
    }
    for (String attribute : attributes) { // checked: key=value
      int at = attribute.indexOf('=');
      filter.attribute(attribute.substring(0, at), attribute.substring(at + 1));
    }
    return filter.build();
  }
}
