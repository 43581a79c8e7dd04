package dev.durable.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringWriter;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every Java block of the README and the guide ({@code docs/guide/*.md}) compiles, with Durable's
 * annotation processor, against this module's test class path (Durable's modules, the samples'
 * classes, the test kit, JUnit, and what {@code samples/pom.xml} adds for the docs). A failure
 * names the Markdown file and line and quotes the compiler.
 *
 * <p>A block fenced {@code ```java} is one of:
 *
 * <ul>
 *   <li>a compilation unit, compiled as it stands;
 *   <li>a fragment, preceded by {@code <!-- java-wrapper: ... -->}: the comment holds a
 *       compilation unit in which the line {@code SNIPPET} stands for the block. The block's own
 *       {@code import} lines go after the wrapper's package declaration, the rest in place of
 *       {@code SNIPPET}. The wrapper declares what the fragment takes as given (a class body
 *       around a method, the parameters a statement uses, the types it names);
 *   <li>an excerpt of a file of this repository (generated code, say), preceded by {@code <!--
 *       java-excerpt: <path from the repository root> -->}: its text, where a line holding only
 *       {@code ...} stands for lines left out, must appear in that file, in order, whatever the
 *       whitespace.
 * </ul>
 *
 * <p>A unit without a package declaration is put in one package per Markdown file, so a block may
 * use what the file's earlier blocks (or their wrappers) declare. Each Markdown file is one
 * compilation (so workflow names need only be unique within a file), and several public types may
 * share a block. Code that is deliberately not Java (shell, XML, properties, output) takes another
 * fence language.
 */
class DocSnippetsTest {
  private static final Pattern FENCE = Pattern.compile("^(\\s*)```java\\s*$");
  private static final Pattern FENCE_END = Pattern.compile("^\\s*```\\s*$");
  private static final Pattern DIRECTIVE =
      Pattern.compile("<!--\\s*(java-wrapper|java-excerpt):(.*?)-->", Pattern.DOTALL);
  private static final String PLACEHOLDER = "SNIPPET";

  @TempDir
  Path temp;

  @Test
  void everyJavaBlockOfTheReadmeAndTheGuideCompiles() throws IOException {
    Path root = Path.of(System.getProperty("durable.rootDir", "..")).toRealPath();
    List<String> problems = new ArrayList<>();
    int blocks = 0;
    JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
    // one file manager for every compilation: it opens the class path's jars once
    try (StandardJavaFileManager files =
        compiler.getStandardFileManager(null, Locale.ROOT, StandardCharsets.UTF_8)) {
      for (Path doc : docs(root)) {
        List<Block> found = blocks(root, doc);
        blocks += found.size();
        List<Unit> units = new ArrayList<>();
        for (Block block : found) {
          if (block.directive.equals("java-excerpt")) {
            checkExcerpt(root, block, problems);
          } else {
            units.add(Unit.of(block, units.size()));
          }
        }
        problems.addAll(compile(compiler, files, doc, units));
      }
    }
    assertTrue(blocks >= 30, "found only " + blocks + " Java blocks: is the fence syntax broken?");
    assertEquals("", String.join("\n", problems), "Java blocks of the docs that do not compile");
  }

  /** The README and the guide's chapters, in order. */
  static List<Path> docs(Path root) throws IOException {
    List<Path> docs = new ArrayList<>();
    docs.add(root.resolve("README.md"));
    try (Stream<Path> guide = Files.list(root.resolve("docs/guide"))) {
      guide.filter(p -> p.toString().endsWith(".md")).sorted().forEach(docs::add);
    }
    return docs;
  }

  /** The {@code ```java} blocks of one Markdown file, each with the directive before it. */
  private static List<Block> blocks(Path root, Path doc) throws IOException {
    List<String> lines = Files.readAllLines(doc, StandardCharsets.UTF_8);
    String name = root.relativize(doc).toString().replace('\\', '/');
    List<Block> blocks = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      Matcher fence = FENCE.matcher(lines.get(i));
      if (!fence.matches()) {
        continue;
      }
      String indent = fence.group(1);
      int end = i + 1;
      while (end < lines.size() && !FENCE_END.matcher(lines.get(end)).matches()) {
        end++;
      }
      if (end == lines.size()) {
        throw new AssertionError(name + ":" + (i + 1) + ": a ```java block that never closes");
      }
      List<String> body = new ArrayList<>();
      for (String line : lines.subList(i + 1, end)) {
        body.add(line.startsWith(indent) ? line.substring(indent.length()) : line.strip());
      }
      String directive = "";
      String argument = "";
      int commentLine = i;
      if (i > 0 && lines.get(i - 1).strip().endsWith("-->")) {
        int start = i - 1;
        while (start > 0 && !lines.get(start).contains("<!--")) {
          start--;
        }
        StringBuilder comment = new StringBuilder();
        for (String line : lines.subList(start, i)) {
          comment.append(line.startsWith(indent) ? line.substring(indent.length()) : line)
              .append('\n');
        }
        Matcher matcher = DIRECTIVE.matcher(comment);
        if (matcher.find()) {
          directive = matcher.group(1);
          argument = matcher.group(2);
          commentLine = start + 1;
        }
      }
      blocks.add(new Block(name, i + 2, body, directive, argument, commentLine));
      i = end;
    }
    return blocks;
  }

  /** An excerpt's pieces, between lines of {@code ...}, appear in its file in order. */
  private static void checkExcerpt(Path root, Block block, List<String> problems)
      throws IOException {
    Path file = root.resolve(block.argument.strip());
    if (!Files.isRegularFile(file)) {
      problems.add(block.where(block.firstLine) + ": the excerpt's file " + block.argument.strip()
          + " does not exist (generated files appear when the module is compiled)");
      return;
    }
    String text = normalize(Files.readString(file));
    int from = 0;
    int pieceLine = block.firstLine;
    StringBuilder piece = new StringBuilder();
    for (int i = 0; i <= block.lines.size(); i++) {
      boolean last = i == block.lines.size();
      if (last || block.lines.get(i).strip().equals("...")) {
        String wanted = normalize(piece.toString());
        int at = wanted.isEmpty() ? from : text.indexOf(wanted, from);
        if (at < 0) {
          problems.add(block.where(pieceLine) + ": not in " + block.argument.strip()
              + " (after the excerpt's earlier lines): " + firstLine(piece.toString()));
          return;
        }
        from = at + wanted.length();
        piece.setLength(0);
        pieceLine = block.firstLine + i + 1;
      } else {
        piece.append(block.lines.get(i)).append('\n');
      }
    }
  }

  private static String normalize(String text) {
    return text.replaceAll("\\s+", " ").strip();
  }

  private static String firstLine(String text) {
    return text.strip().lines().findFirst().orElse("").strip();
  }

  /** Compiles one Markdown file's units in one task; returns its errors, file:line first. */
  private List<String> compile(JavaCompiler compiler, StandardJavaFileManager files, Path doc,
      List<Unit> units) throws IOException {
    if (units.isEmpty()) {
      return List.of();
    }
    String slug = slug(doc.getFileName().toString());
    Path classes = Files.createDirectories(temp.resolve(slug).resolve("classes"));
    Path generated = Files.createDirectories(temp.resolve(slug).resolve("generated"));
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    List<String> options = List.of(
        "-classpath", System.getProperty("java.class.path"),
        "-d", classes.toString(), "-s", generated.toString(),
        "-processor", "dev.durable.processor.DurableProcessor",
        "-encoding", "UTF-8", "-implicit:none", "-Xlint:none");
    List<Source> sources = new ArrayList<>();
    for (Unit unit : units) {
      sources.add(new Source(unit, "docs." + slug));
    }
    StringWriter out = new StringWriter();
    boolean compiled = compiler.getTask(out, files, diagnostics, options, null, sources).call();
    List<String> errors = new ArrayList<>();
    for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
      if (d.getKind() != Diagnostic.Kind.ERROR) {
        continue;
      }
      String where = d.getSource() instanceof Source source
          ? source.unit.where((int) d.getLineNumber())
          : (d.getSource() == null ? "" : d.getSource().getName() + ":" + d.getLineNumber());
      errors.add(where + ": " + d.getMessage(Locale.ROOT));
    }
    if (errors.isEmpty() && !compiled) {
      errors.add(doc + ": did not compile: " + out);
    }
    return errors;
  }

  private static String slug(String fileName) {
    String slug = fileName.replaceFirst("\\.md$", "").toLowerCase(Locale.ROOT)
        .replaceAll("[^a-z0-9]+", "_");
    return "f_" + slug;
  }

  /** A {@code ```java} block: its lines, the line of the first, and the directive before it. */
  private record Block(String file, int firstLine, List<String> lines, String directive,
      String argument, int directiveLine) {
    String where(int line) {
      return file + ":" + line;
    }
  }

  /**
   * A compilation unit made of a block, in its wrapper if it has one; {@code origin[i]} is the
   * Markdown line of the unit's line {@code i + 1} (the directive's line for a wrapper's own).
   */
  private record Unit(Block block, int index, List<String> lines, List<Integer> origin) {
    static Unit of(Block block, int index) {
      List<String> imports = new ArrayList<>();
      List<Integer> importOrigin = new ArrayList<>();
      List<String> body = new ArrayList<>();
      List<Integer> bodyOrigin = new ArrayList<>();
      boolean wrapped = block.directive.equals("java-wrapper");
      for (int i = 0; i < block.lines.size(); i++) {
        String line = block.lines.get(i);
        boolean isImport = wrapped && line.startsWith("import ");
        (isImport ? imports : body).add(line);
        (isImport ? importOrigin : bodyOrigin).add(block.firstLine + i);
      }
      List<String> lines = new ArrayList<>();
      List<Integer> origin = new ArrayList<>();
      if (!wrapped) {
        lines.addAll(body);
        origin.addAll(bodyOrigin);
        return new Unit(block, index, lines, origin);
      }
      List<String> template = block.argument.strip().lines().toList();
      if (template.stream().noneMatch(l -> l.strip().equals(PLACEHOLDER))) {
        throw new AssertionError(block.where(block.directiveLine)
            + ": a java-wrapper needs a line " + PLACEHOLDER + " where the block goes");
      }
      boolean importsPlaced = false;
      for (String line : template) {
        if (!importsPlaced && !line.startsWith("package ")) {
          lines.addAll(imports);
          origin.addAll(importOrigin);
          importsPlaced = true;
        }
        if (line.strip().equals(PLACEHOLDER)) {
          lines.addAll(body);
          origin.addAll(bodyOrigin);
        } else {
          lines.add(line);
          origin.add(block.directiveLine);
        }
      }
      return new Unit(block, index, lines, origin);
    }

    boolean declaresPackage() {
      return lines.stream().anyMatch(l -> l.startsWith("package "));
    }

    String where(int unitLine) {
      int i = unitLine - (declaresPackage() ? 1 : 2);
      int line = i >= 0 && i < origin.size() ? origin.get(i) : block.firstLine;
      return block.where(line);
    }
  }

  /**
   * A unit as javac reads it: in the file's own package unless it declares one, and accepted
   * whatever its public types are called (javac asks {@link #isNameCompatible}).
   */
  private static final class Source extends SimpleJavaFileObject {
    final Unit unit;
    private final String text;

    Source(Unit unit, String defaultPackage) {
      super(URI.create("string:///" + defaultPackage.replace('.', '/') + "/Block"
          + unit.index + ".java"), Kind.SOURCE);
      this.unit = unit;
      String body = String.join("\n", unit.lines) + "\n";
      this.text = unit.declaresPackage() ? body : "package " + defaultPackage + ";\n" + body;
    }

    @Override
    public CharSequence getCharContent(boolean ignoreEncodingErrors) {
      return text;
    }

    @Override
    public boolean isNameCompatible(String simpleName, Kind kind) {
      // javac also asks whether the unit is a module-info or package-info: it is neither
      return kind == Kind.SOURCE && !simpleName.endsWith("-info");
    }
  }
}
