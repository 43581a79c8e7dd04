package dev.durable.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Results as headings, lines of text, tables and preformatted blocks, rendered as aligned plain
 * text for the console and as Markdown for the results file.
 */
final class Report {
  private interface Block {}

  private record Heading(String text) implements Block {}

  private record Lines(List<String> lines) implements Block {}

  private record Table(List<String> header, List<List<String>> rows) implements Block {}

  private record Code(List<String> lines) implements Block {}

  /** Rows of a table, added one by one. */
  static final class TableBuilder {
    private final List<String> header;
    private final List<List<String>> rows = new ArrayList<>();

    private TableBuilder(List<String> header) {
      this.header = header;
    }

    TableBuilder row(String... cells) {
      if (cells.length != header.size()) {
        throw new IllegalArgumentException(
            "a row of " + cells.length + " cells in a table of " + header.size() + " columns");
      }
      rows.add(Arrays.asList(cells));
      return this;
    }
  }

  private final List<Block> blocks = new ArrayList<>();

  Report heading(String text) {
    blocks.add(new Heading(text));
    return this;
  }

  Report lines(String... lines) {
    blocks.add(new Lines(List.of(lines)));
    return this;
  }

  /** Adds a table with these column headings; fill it through the returned builder. */
  TableBuilder table(String... header) {
    TableBuilder table = new TableBuilder(List.of(header));
    blocks.add(new Table(table.header, table.rows));
    return table;
  }

  Report code(List<String> lines) {
    blocks.add(new Code(List.copyOf(lines)));
    return this;
  }

  String toText() {
    StringBuilder out = new StringBuilder();
    for (Block block : blocks) {
      if (block instanceof Heading h) {
        out.append('\n').append(h.text()).append('\n')
            .append("=".repeat(h.text().length())).append('\n');
      } else if (block instanceof Lines l) {
        l.lines().forEach(line -> out.append(line).append('\n'));
      } else if (block instanceof Table t) {
        textTable(t, out);
      } else if (block instanceof Code c) {
        c.lines().forEach(line -> out.append("    ").append(line).append('\n'));
      }
    }
    return out.toString();
  }

  String toMarkdown() {
    StringBuilder out = new StringBuilder();
    boolean first = true;
    for (Block block : blocks) {
      if (block instanceof Heading h) {
        out.append(first ? "# " : "\n## ").append(h.text()).append("\n\n");
      } else if (block instanceof Lines l) {
        l.lines().forEach(line -> out.append(line).append("  \n"));
        out.append('\n');
      } else if (block instanceof Table t) {
        out.append(markdownRow(t.header()));
        out.append(markdownRow(t.header().stream().map(cell -> "---").toList()));
        t.rows().forEach(row -> out.append(markdownRow(row)));
        out.append('\n');
      } else if (block instanceof Code c) {
        out.append("```\n");
        c.lines().forEach(line -> out.append(line).append('\n'));
        out.append("```\n\n");
      }
      first = false;
    }
    return out.toString();
  }

  private static void textTable(Table table, StringBuilder out) {
    int[] widths = new int[table.header().size()];
    List<List<String>> all = new ArrayList<>();
    all.add(table.header());
    all.addAll(table.rows());
    for (List<String> row : all) {
      for (int i = 0; i < row.size(); i++) {
        widths[i] = Math.max(widths[i], row.get(i).length());
      }
    }
    textRow(table.header(), widths, out);
    List<String> rule = new ArrayList<>();
    for (int width : widths) {
      rule.add("-".repeat(width));
    }
    textRow(rule, widths, out);
    table.rows().forEach(row -> textRow(row, widths, out));
  }

  private static void textRow(List<String> row, int[] widths, StringBuilder out) {
    StringBuilder line = new StringBuilder("  ");
    for (int i = 0; i < row.size(); i++) {
      line.append(String.format("%-" + widths[i] + "s", row.get(i)));
      line.append(i == row.size() - 1 ? "" : "  ");
    }
    out.append(line.toString().stripTrailing()).append('\n');
  }

  private static String markdownRow(List<String> row) {
    return "| " + String.join(" | ", row.stream().map(cell -> cell.replace("|", "\\|")).toList())
        + " |\n";
  }
}
