package dev.durable.processor.lock;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The lock file's contents: the step graph of each workflow version that was ever built with it,
 * one section per version, sorted by workflow name and version, its entries sorted, so that the
 * text is the same at every build and diffs show only what changed. The file is written only by
 * the processor:
 *
 * <pre>
 * # Durable lock file: ...
 *
 * workflow checkout 1
 *   route declined
 *   run (com.acme.Order) -&gt; java.lang.String
 *   step charge (com.acme.Order) -&gt; com.acme.Receipt
 * </pre>
 *
 * <p>Stored names and versions contain no spaces (the processor's rules), so the first two words
 * of a line are its kind and name; a route's code is the rest of its line.
 */
public final class LockFile {
  static final String HEADER =
      "# Durable lock file: the step graph of each workflow version, kept by the Durable annotation\n"
          + "# processor (-Adurable.lockfile). Commit it. A build fails when a locked version's graph\n"
          + "# changes incompatibly; new versions and new steps, signals and routes are added.\n";
  private static final String SECTION = "workflow ";
  private static final String INDENT = "  ";

  /** The sections by {@code name + " " + version}. */
  private final SortedMap<String, StepGraph> graphs = new TreeMap<>();

  /** An empty lock file. */
  public LockFile() {}

  /**
   * Reads a lock file's text.
   *
   * @throws IllegalArgumentException naming the line, if a line is not understood
   */
  public static LockFile parse(String text) {
    LockFile lock = new LockFile();
    String name = null;
    String version = null;
    SortedMap<String, String> entries = new TreeMap<>();
    String[] lines = text.split("\r?\n", -1);
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i];
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      if (line.startsWith(SECTION)) {
        if (name != null) {
          lock.put(new StepGraph(name, version, entries));
        }
        String[] words = line.substring(SECTION.length()).trim().split(" ");
        if (words.length != 2) {
          throw malformed(i, line);
        }
        name = words[0];
        version = words[1];
        entries = new TreeMap<>();
      } else if (line.startsWith(INDENT) && name != null) {
        String entry = line.trim();
        String[] words = entry.split(" ", 3);
        switch (words[0]) {
          case StepGraph.RUN ->
              entries.put(StepGraph.RUN, entry.substring(StepGraph.RUN.length()).trim());
          case StepGraph.ON_FAILURE -> entries.put(StepGraph.ON_FAILURE, "");
          case "route" -> {
            if (words.length < 2) {
              throw malformed(i, line);
            }
            entries.put(entry, "");
          }
          case "step", "signal" -> {
            if (words.length < 3) {
              throw malformed(i, line);
            }
            entries.put(words[0] + " " + words[1], words[2]);
          }
          default -> throw malformed(i, line);
        }
      } else {
        throw malformed(i, line);
      }
    }
    if (name != null) {
      lock.put(new StepGraph(name, version, entries));
    }
    return lock;
  }

  private static IllegalArgumentException malformed(int index, String line) {
    return new IllegalArgumentException(
        "line " + (index + 1) + " is not understood: '" + line + "'");
  }

  /** The graph locked for {@code workflowName} at {@code version}, if there is one. */
  public Optional<StepGraph> locked(String workflowName, String version) {
    return Optional.ofNullable(graphs.get(key(workflowName, version)));
  }

  /**
   * Checks {@code graph} against its locked version: the incompatible changes, or none; when there
   * are none, the graph is recorded (a new version added, new entries appended to a locked one),
   * and when there are, the lock is left as it was.
   *
   * @return what makes it incompatible, one description per change; empty if nothing does
   */
  public List<String> check(StepGraph graph) {
    Optional<StepGraph> locked = locked(graph.workflowName(), graph.version());
    if (locked.isEmpty()) {
      put(graph);
      return List.of();
    }
    List<String> changes = graph.changesSince(locked.get());
    if (changes.isEmpty() && graph.addsTo(locked.get())) {
      SortedMap<String, String> merged = new TreeMap<>(locked.get().entries());
      merged.putAll(graph.entries());
      put(new StepGraph(graph.workflowName(), graph.version(), merged));
    }
    return changes;
  }

  /** The file's text: the header, then each section, sorted. */
  public String format() {
    StringBuilder text = new StringBuilder(HEADER);
    for (StepGraph graph : graphs.values()) {
      text.append('\n').append(SECTION).append(graph.workflowName()).append(' ')
          .append(graph.version()).append('\n');
      for (String line : graph.lines()) {
        text.append(INDENT).append(line).append('\n');
      }
    }
    return text.toString();
  }

  /** The locked graphs, sorted by workflow name and version. */
  public Collection<StepGraph> graphs() {
    return List.copyOf(graphs.values());
  }

  private void put(StepGraph graph) {
    graphs.put(key(graph.workflowName(), graph.version()), graph);
  }

  /** Sorts by name, then version (names have no spaces, and a space sorts before them all). */
  private static String key(String workflowName, String version) {
    return workflowName + " " + version;
  }
}
