package dev.durable.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Map;

/** Runs durable-cli in this JVM, as {@code java -jar} would, capturing what it prints. */
final class CliRunner {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private CliRunner() {}

  /** What one run of durable-cli printed, and its exit code. */
  record Result(int code, String out, String err) {
    /** Standard output as JSON. */
    JsonNode json() {
      try {
        return MAPPER.readTree(out);
      } catch (java.io.IOException e) {
        throw new UncheckedIOException("not JSON: " + out + err, e);
      }
    }

    @Override
    public String toString() {
      return "exit " + code + "\n--- out:\n" + out + "--- err:\n" + err;
    }
  }

  static Result run(Map<String, String> environment, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = DurableCli.run(new PrintWriter(out), new PrintWriter(err), environment, args);
    return new Result(code, out.toString(), err.toString());
  }

  static Result run(String... args) {
    return run(Map.of(), args);
  }
}
