package dev.durable.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.durable.runtime.RunError;
import java.io.PrintWriter;
import java.io.Writer;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a command prints: text for people (tables, key-value blocks) or, with {@code --json}, one
 * JSON document for scripts. A command prints either, never both.
 */
final class Printer {
  /** The longest cell a table shows; a longer one is cut with "…". {@code show} prints in full. */
  static final int MAX_CELL = 80;

  private static final ObjectMapper MAPPER = new ObjectMapper()
      .registerModule(new Jdk8Module())
      .registerModule(new JavaTimeModule())
      .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
      // "alice" bob is not one JSON value
      .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
      .enable(SerializationFeature.INDENT_OUTPUT);

  /** Where the runtime's implementation lives: no user's code names a class from there. */
  private static final String INTERNAL_PACKAGE = "dev.durable.runtime.internal.";

  private final PrintWriter out;
  private final boolean json;

  Printer(PrintWriter out, boolean json) {
    this.out = out;
    this.json = json;
  }

  /**
   * The type of the exception behind {@code error} when a user can look it up: their own or one
   * of Durable's public API ({@code FatalError}, {@code StepTimeoutError}...). Empty for the
   * engine's internal classes: the error's code and message say what happened (code {@code
   * invalid_input}: a step's arguments could not be stored).
   */
  static Optional<String> errorType(RunError error) {
    return error.type().startsWith(INTERNAL_PACKAGE) ? Optional.empty() : Optional.of(error.type());
  }

  /** Whether the command prints JSON. */
  boolean json() {
    return json;
  }

  /** Prints {@code value} as one JSON document. */
  void printJson(Object value) {
    try {
      out.println(MAPPER.writeValueAsString(value));
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("cannot write " + value.getClass() + " as JSON", e);
    }
  }

  /** Where it prints: for a document written as a whole, such as an export. */
  Writer writer() {
    return out;
  }

  /** Prints a line of text. */
  void line(String text) {
    out.println(text);
  }

  /** Prints an empty line. */
  void blank() {
    out.println();
  }

  /** Prints {@code label} and {@code value} aligned, as a line of a key-value block. */
  void field(String label, String value) {
    out.printf("%-12s %s%n", label, value);
  }

  void flush() {
    out.flush();
  }

  /**
   * Stored JSON text as a JSON value, to embed in {@code --json} output as JSON, not as a string;
   * {@code null} stays null. Text that is not JSON (it should not happen) stays text.
   */
  static JsonNode stored(String json) {
    if (json == null) {
      return null;
    }
    try {
      return MAPPER.readTree(json);
    } catch (JsonProcessingException e) {
      return MAPPER.getNodeFactory().textNode(json);
    }
  }

  /** Whether {@code text} is one well-formed JSON value. */
  static boolean isJson(String text) {
    try {
      MAPPER.readTree(text);
      return text.strip().length() > 0;
    } catch (JsonProcessingException e) {
      return false;
    }
  }

  /** An instant for a table: to the second, UTC; "-" when absent. */
  static String time(Instant instant) {
    return instant == null ? "-" : instant.truncatedTo(ChronoUnit.SECONDS).toString();
  }

  /** An optional instant for a table. */
  static String time(Optional<Instant> instant) {
    return time(instant.orElse(null));
  }

  /** A duration as the options take it: {@code 30d}, {@code 12h}, {@code 15m}, {@code 45s}. */
  static String duration(java.time.Duration duration) {
    long seconds = duration.getSeconds();
    if (seconds % 86_400 == 0) {
      return seconds / 86_400 + "d";
    }
    if (seconds % 3_600 == 0) {
      return seconds / 3_600 + "h";
    }
    if (seconds % 60 == 0) {
      return seconds / 60 + "m";
    }
    return seconds + "s";
  }

  /** A value for one line: control characters shown as escapes, "-" when absent or empty. */
  static String oneLine(String text) {
    if (text == null || text.isEmpty()) {
      return "-";
    }
    StringBuilder s = new StringBuilder(text.length());
    text.codePoints().forEach(c -> {
      if (c == '\n') {
        s.append("\\n");
      } else if (c == '\t') {
        s.append("\\t");
      } else if (Character.isISOControl(c)) {
        s.append(String.format("\\u%04x", c));
      } else {
        s.appendCodePoint(c);
      }
    });
    return s.toString();
  }

  /** A table with a header line and columns as wide as their widest cell. */
  final class Table {
    private final List<String[]> rows = new ArrayList<>();
    private final int columns;

    Table(String... headers) {
      this.columns = headers.length;
      rows.add(headers);
    }

    /** Adds a row; each cell on one line, cut at {@value Printer#MAX_CELL} characters. */
    Table row(Object... cells) {
      if (cells.length != columns) {
        throw new IllegalArgumentException(columns + " cells expected, got " + cells.length);
      }
      String[] row = new String[columns];
      for (int i = 0; i < columns; i++) {
        String cell = oneLine(cells[i] == null ? null : String.valueOf(cells[i]));
        row[i] = cell.length() > MAX_CELL ? cell.substring(0, MAX_CELL - 1) + "…" : cell;
      }
      rows.add(row);
      return this;
    }

    /** Whether only the header is there. */
    boolean isEmpty() {
      return rows.size() == 1;
    }

    /** Prints the table. */
    void print() {
      int[] widths = new int[columns];
      for (String[] row : rows) {
        for (int i = 0; i < columns; i++) {
          widths[i] = Math.max(widths[i], row[i].length());
        }
      }
      for (String[] row : rows) {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < columns; i++) {
          line.append(row[i]);
          if (i < columns - 1) {
            line.append(" ".repeat(widths[i] - row[i].length() + 2));
          }
        }
        out.println(line.toString().stripTrailing());
      }
    }
  }

  /** A new table for this printer. */
  Table table(String... headers) {
    return new Table(headers);
  }
}
