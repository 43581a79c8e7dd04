package dev.durable.build;

import java.io.IOException;
import java.io.UncheckedIOException;
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
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A module's layout as its sources tell it, for the tests that hold a layout rule: which of its
 * files and packages use which, and the circles among them. Read from the text, without
 * compiling: a file uses another if it imports it, names it fully qualified, or, in its own
 * package, names it by its simple name; comments and the contents of literals do not count.
 */
public final class SourceLayout {
  private static final Pattern IMPORT =
      Pattern.compile("import\\s+(?:static\\s+)?([\\w.]+)\\s*;");

  /** Each source file's text without comments and literals, by qualified class name. */
  private final Map<String, String> code;

  private SourceLayout(Map<String, String> code) {
    this.code = code;
  }

  /**
   * The files under {@code sources}, the directory of package {@code rootPackage}, whose
   * qualified names {@code include} accepts ({@code package-info} files left out).
   */
  public static SourceLayout read(Path sources, String rootPackage, Predicate<String> include) {
    Map<String, String> code = new TreeMap<>();
    try (Stream<Path> files = Files.walk(sources)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
        String name = sources.relativize(file).toString().replace('/', '.').replace('\\', '.');
        name = rootPackage + "." + name.substring(0, name.length() - ".java".length());
        if (!name.endsWith(".package-info") && include.test(name)) {
          code.put(name, strip(Files.readString(file)));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the sources under " + sources, e);
    }
    if (code.isEmpty()) {
      throw new IllegalArgumentException("no sources under " + sources.toAbsolutePath());
    }
    return new SourceLayout(code);
  }

  /** The qualified names of the files read. */
  public Set<String> files() {
    return code.keySet();
  }

  /** The files whose code (not their comments) names {@code text}, such as a package prefix. */
  public List<String> filesNaming(String text) {
    return code.entrySet().stream().filter(e -> e.getValue().contains(text))
        .map(Map.Entry::getKey).toList();
  }

  /** The files read that each file uses. */
  public Map<String, Set<String>> fileDependencies() {
    Map<String, Set<String>> uses = new TreeMap<>();
    code.forEach((file, text) -> {
      Set<String> used = new TreeSet<>();
      Matcher imported = IMPORT.matcher(text);
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

  /** The other packages read that each package's files use. */
  public Map<String, Set<String>> packageDependencies() {
    Map<String, Set<String>> packages = new TreeMap<>();
    fileDependencies().forEach((file, uses) -> {
      Set<String> used = packages.computeIfAbsent(packageOf(file), p -> new TreeSet<>());
      uses.stream().map(SourceLayout::packageOf)
          .filter(p -> !p.equals(packageOf(file)))
          .forEach(used::add);
    });
    return packages;
  }

  /** For each use of a file of another package: "file -> used file", sorted. */
  public List<String> usesAcross(String fromPackage, String toPackage) {
    List<String> uses = new ArrayList<>();
    fileDependencies().forEach((file, used) -> {
      if (packageOf(file).equals(fromPackage)) {
        used.stream().filter(other -> packageOf(other).equals(toPackage))
            .forEach(other -> uses.add(file + " -> " + other));
      }
    });
    return uses;
  }

  /** Every group of nodes of {@code graph} that depend on each other in a circle (Tarjan's). */
  public static List<Set<String>> circles(Map<String, Set<String>> graph) {
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

  /** The package of a qualified class name. */
  public static String packageOf(String className) {
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
