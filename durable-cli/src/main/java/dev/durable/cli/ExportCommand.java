package dev.durable.cli;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.RunExport;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code export}: runs with every checkpoint, as the JSON document a replay test reads ({@link
 * RunExport}).
 */
@Command(
    name = "export",
    description = {
      "Writes runs with their checkpoints as JSON, for replay tests.",
      "The runs named, or those the filter options match (newest first, at most --limit), with"
          + " every checkpoint and their history, to standard output or to --out. Replay the file"
          + " against new code with WorkflowReplayer before a deploy.",
    })
final class ExportCommand extends StoreCommand {
  @Parameters(
      arity = "0..*",
      paramLabel = "<runId>",
      description = "The runs to export; without any, those the filter options match")
  List<String> runIds = List.of();

  @Mixin RunFilterOptions filter;

  @Option(
      names = {"-o", "--out"},
      paramLabel = "<file>",
      description = "Write the export to this file (replaced if it exists), not to standard output")
  Path file;

  /** What {@code --json} prints when the export went to a file. */
  record Written(Path file, int runs) {}

  @Override
  void check() {
    if (!runIds.isEmpty() && filter.narrows()) {
      throw usage("give run ids or filter options, not both: the filter would not apply to the"
          + " runs named");
    }
    filter.check(this::usage, "; export the runs in several files, a filter each");
    Path directory = file == null ? null : file.toAbsolutePath().getParent();
    if (directory != null && !Files.isDirectory(directory)) {
      throw usage("--out " + file + ": directory " + directory + " does not exist");
    }
  }

  @Override
  void execute(DurableEngine engine, Printer out) {
    RunExport export = runIds.isEmpty() ? engine.export(filter.build()) : engine.export(runIds);
    if (file == null) {
      export.writeTo(out.writer());
      out.blank();
      return;
    }
    try (OutputStream stream = Files.newOutputStream(file)) {
      export.writeTo(stream);
    } catch (IOException | UncheckedIOException e) {
      throw new Refused("cannot write the export to " + file + ": " + e.getMessage());
    }
    int runs = export.runs().size();
    if (out.json()) {
      out.printJson(new Written(file, runs));
    } else {
      out.line("exported " + runs + " run" + (runs == 1 ? "" : "s") + " to " + file);
    }
  }
}
