package dev.durable.cli;

import dev.durable.runtime.DurableEngine;
import dev.durable.runtime.StoredText;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code signal <runId> <name> <json>}: sends a signal to a run. */
@Command(
    name = "signal",
    description = {
      "Sends a signal to a run.",
      "Its value is JSON: '\"alice\"' for a string, 42, '{\"approved\":true}'. The run's wait"
          + " reads it with the signal's type; a value that does not fit is set aside (its"
          + " history shows signal.rejected) and the run waits on. Refused (exit 1) for an"
          + " unknown run or one that has ended; a value that is not JSON is a usage error"
          + " (exit 2).",
    })
final class SignalCommand extends StoreCommand {
  @Parameters(index = "0", paramLabel = "<runId>", description = "The run")
  String runId;

  @Parameters(index = "1", paramLabel = "<name>", description = "The signal's name (@Signal(name))")
  String name;

  @Parameters(index = "2", paramLabel = "<json>", description = "Its value, as JSON")
  String json;

  /** What {@code --json} prints. */
  record Sent(String runId, String signal, boolean sent) {}

  @Override
  void check() {
    if (!Printer.isJson(json)) {
      // a long value is echoed once, cut: the example then is a short one
      String quoted = json.length() <= StoredText.ECHO_CHARS ? json : "approved";
      throw usage("the signal's value must be JSON, but was " + StoredText.echo(json)
          + "; a string is written in double quotes: '\"" + quoted + "\"'");
    }
  }

  @Override
  void execute(DurableEngine engine, Printer out) {
    engine.signal(runId, name, json);
    if (out.json()) {
      out.printJson(new Sent(runId, name, true));
    } else {
      out.line("sent signal " + name + " to run " + runId);
    }
  }
}
