package dev.durable.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The processor's layout, read from its sources: each workflow is read once, in the reading
 * package (the only one that calls {@code AnnotationReader}), and no two files or packages depend
 * on each other in a circle, so that each can be read, and changed, from the bottom up.
 */
class ProcessorLayoutTest {
  private static final Path SOURCES = Path.of("src", "main", "java", "dev", "durable", "processor");
  private static final String ROOT = "dev.durable.processor";

  /** Each source file's text without comments and string literals, by qualified class name. */
  private static Map<String, String> code;

  @BeforeAll
  static void readSources() throws IOException {
    code = new TreeMap<>();
    try (Stream<Path> files = Files.walk(SOURCES)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
        String name = SOURCES.relativize(file).toString().replace('/', '.').replace('\\', '.');
        name = ROOT + "." + name.substring(0, name.length() - ".java".length());
        if (!name.endsWith(".package-info")) {
          code.put(name, strip(Files.readString(file)));
        }
      }
    }
  }

  @Test
  void onlyTheReadingPackageCallsTheAnnotationReader() {
    List<String> callers = code.entrySet().stream()
        .filter(e -> !packageOf(e.getKey()).equals(ROOT + ".reading"))
        .filter(e -> e.getValue().contains("AnnotationReader"))
        .map(Map.Entry::getKey)
        .toList();
    assertEquals(List.of(), callers);
  }

  @Test
  void noFilesDependOnEachOtherInACircle() {
    assertEquals(List.of(), circles(fileDependencies()));
  }

  @Test
  void noPackagesDependOnEachOtherInACircle() {
    Map<String, Set<String>> packages = new TreeMap<>();
    fileDependencies().forEach((file, uses) -> {
      Set<String> used = packages.computeIfAbsent(packageOf(file), p -> new TreeSet<>());
      uses.stream().map(ProcessorLayoutTest::packageOf)
          .filter(p -> !p.equals(packageOf(file)))
          .forEach(used::add);
    });
    assertEquals(List.of(), circles(packages));
  }

  /** The processor's classes each file uses: imported, fully qualified, or of its own package. */
  private static Map<String, Set<String>> fileDependencies() {
    Map<String, Set<String>> uses = new TreeMap<>();
    code.forEach((file, text) -> {
      Set<String> used = new TreeSet<>();
      Matcher imported = Pattern.compile("import\\s+(?:static\\s+)?([\\w.]+)\\s*;").matcher(text);
      while (imported.find()) {
        String name = imported.group(1);
        code.keySet().stream()
            .filter(other -> name.equals(other) || name.startsWith(other + "."))
            .forEach(used::add);
      }
      String body = text.replaceAll("import[^;]*;", " ");
      for (String other : code.keySet()) {
        String simple = other.substring(other.lastIndexOf('.') + 1);
        if (body.contains(other + ".")
            || packageOf(other).equals(packageOf(file))
                && Pattern.compile("\\b" + simple + "\\b").matcher(body).find()) {
          used.add(other);
        }
      }
      used.remove(file);
      uses.put(file, used);
    });
    return uses;
  }

  /** Every group of nodes that depend on each other in a circle (Tarjan's components). */
  private static List<Set<String>> circles(Map<String, Set<String>> graph) {
    Map<String, Integer> index = new HashMap<>();
    Map<String, Integer> low = new HashMap<>();
    Deque<String> stack = new ArrayDeque<>();
    List<Set<String>> circles = new ArrayList<>();
    for (String node : graph.keySet()) {
      if (!index.containsKey(node)) {
        connect(node, graph, index, low, stack, circles);
      }
    }
    return circles;
  }

  private static void connect(String node, Map<String, Set<String>> graph,
      Map<String, Integer> index, Map<String, Integer> low, Deque<String> stack,
      List<Set<String>> circles) {
    index.put(node, index.size());
    low.put(node, index.get(node));
    stack.push(node);
    for (String next : graph.getOrDefault(node, Set.of())) {
      if (!index.containsKey(next)) {
        connect(next, graph, index, low, stack, circles);
        low.put(node, Math.min(low.get(node), low.get(next)));
      } else if (stack.contains(next)) {
        low.put(node, Math.min(low.get(node), index.get(next)));
      }
    }
    if (low.get(node).equals(index.get(node))) {
      Set<String> component = new TreeSet<>();
      String member;
      do {
        member = stack.pop();
        component.add(member);
      } while (!member.equals(node));
      if (component.size() > 1) {
        circles.add(component);
      }
    }
  }

  private static String packageOf(String className) {
    return className.substring(0, className.lastIndexOf('.'));
  }

  /** {@code source} without its comments and the contents of its literals (text blocks too). */
  private static String strip(String source) {
    StringBuilder out = new StringBuilder();
    int i = 0;
    while (i < source.length()) {
      if (source.startsWith("//", i)) {
        int end = source.indexOf('\n', i);
        i = end < 0 ? source.length() : end;
      } else if (source.startsWith("/*", i)) {
        i = source.indexOf("*/", i + 2) + 2;
      } else if (source.startsWith("\"\"\"", i)) {
        i = source.indexOf("\"\"\"", i + 3) + 3;
        out.append("\"\"");
      } else if (source.charAt(i) == '"' || source.charAt(i) == '\'') {
        char quote = source.charAt(i++);
        while (source.charAt(i) != quote) {
          i += source.charAt(i) == '\\' ? 2 : 1;
        }
        i++;
        out.append(quote).append(quote);
      } else {
        out.append(source.charAt(i++));
      }
    }
    return out.toString();
  }
}
