package dev.durable.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every relative link of the docs ({@code README.md} and {@code docs/**}{@code /*.md}) points at a
 * file or directory of the repository, and a link's {@code #anchor} into a Markdown file at one of
 * its headings (as GitHub names them: lower case, punctuation dropped, spaces as hyphens). A link
 * whose text wraps onto the next line counts too. Links to other sites, and text in code blocks,
 * inline code and HTML comments, are not checked.
 */
class DocLinksTest {
  private static final Pattern LINK = Pattern.compile("!?\\[[^\\]]*\\]\\(([^)\\s]+)\\)");
  private static final Pattern DOCS_PAGE = Pattern.compile("docs/[\\w./-]+\\.md");
  private static final Pattern INLINE_CODE = Pattern.compile("`[^`]*`");
  private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");

  @Test
  void everyRelativeLinkOfTheDocsResolves() throws IOException {
    Path root = Path.of(System.getProperty("durable.rootDir", "..")).toRealPath();
    List<Path> docs = new ArrayList<>();
    docs.add(root.resolve("README.md"));
    try (Stream<Path> files = Files.walk(root.resolve("docs"))) {
      files.filter(p -> p.toString().endsWith(".md")).sorted().forEach(docs::add);
    }
    Map<Path, Set<String>> anchors = new HashMap<>();
    List<String> broken = new ArrayList<>();
    int links = 0;
    for (Path doc : docs) {
      for (Paragraph paragraph : paragraphs(doc)) {
        Matcher link = LINK.matcher(paragraph.text());
        while (link.find()) {
          String target = link.group(1);
          if (target.matches("[a-zA-Z][a-zA-Z0-9+.-]*:.*")) {
            continue;   // http:, https:, mailto:
          }
          links++;
          int line = paragraph.firstLine() + lineBreaks(paragraph.text(), link.start(1));
          String where = root.relativize(doc) + ":" + line + ": " + target;
          int hash = target.indexOf('#');
          String path = hash < 0 ? target : target.substring(0, hash);
          Path file = path.isEmpty()
              ? doc
              : doc.getParent().resolve(URLDecoder.decode(path, StandardCharsets.UTF_8))
                  .normalize();
          if (!file.startsWith(root) || !Files.exists(file)) {
            broken.add(where + " (no such file)");
          } else if (hash >= 0 && file.toString().endsWith(".md")) {
            String anchor = target.substring(hash + 1);
            Set<String> known = anchors.computeIfAbsent(file, DocLinksTest::anchors);
            if (!known.contains(anchor)) {
              broken.add(where + " (no heading with that anchor in " + root.relativize(file) + ")");
            }
          }
        }
      }
    }
    assertTrue(links > 50, "found only " + links + " relative links: is the link syntax broken?");
    assertEquals("", String.join("\n", broken), "links of the docs that lead nowhere");
  }

  /**
   * Every page of the docs that a comment or a message of the code names by its path
   * (a chapter of the guide, say) exists, so that a chapter renamed or split leaves no javadoc
   * pointing at nothing.
   */
  @Test
  void everyDocsPageTheSourcesNameExists() throws IOException {
    Path root = Path.of(System.getProperty("durable.rootDir", "..")).toRealPath();
    List<String> broken = new ArrayList<>();
    int named = 0;
    for (Path source : sources(root)) {
      List<String> lines = Files.readAllLines(source, StandardCharsets.UTF_8);
      for (int i = 0; i < lines.size(); i++) {
        Matcher page = DOCS_PAGE.matcher(lines.get(i));
        while (page.find()) {
          named++;
          if (!Files.isRegularFile(root.resolve(page.group()))) {
            broken.add(root.relativize(source) + ":" + (i + 1) + ": " + page.group());
          }
        }
      }
    }
    assertTrue(named > 5, "found only " + named + " docs pages named in the sources");
    assertEquals("", String.join("\n", broken), "docs pages the sources name that do not exist");
  }

  /** The repository's Java and properties files, build output and hidden folders left out. */
  private static List<Path> sources(Path root) throws IOException {
    List<Path> sources = new ArrayList<>();
    Files.walkFileTree(root, new SimpleFileVisitor<>() {
      @Override
      public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) {
        String name = dir.getFileName().toString();
        return !dir.equals(root) && (name.equals("target") || name.startsWith("."))
            ? FileVisitResult.SKIP_SUBTREE
            : FileVisitResult.CONTINUE;
      }

      @Override
      public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
        String name = file.getFileName().toString();
        if (name.endsWith(".java") || name.endsWith(".properties")) {
          sources.add(file);
        }
        return FileVisitResult.CONTINUE;
      }
    });
    sources.sort(null);
    return sources;
  }

  /** A run of text lines between blank lines, code blocks and HTML comments. */
  private record Paragraph(int firstLine, String text) {}

  /**
   * The file's paragraphs, inline code taken out, so that a link whose text wraps onto the next
   * line is read whole; fenced code blocks and HTML comments (the snippets' wrappers) are left
   * out.
   */
  private static List<Paragraph> paragraphs(Path doc) throws IOException {
    List<String> lines = Files.readAllLines(doc, StandardCharsets.UTF_8);
    List<Paragraph> paragraphs = new ArrayList<>();
    StringBuilder text = new StringBuilder();
    int first = 0;
    boolean inCode = false;
    boolean inComment = false;
    for (int i = 0; i <= lines.size(); i++) {
      String line = i < lines.size() ? lines.get(i) : "";
      String stripped = line.strip();
      boolean skip;
      if (inComment) {
        inComment = !line.contains("-->");
        skip = true;
      } else if (stripped.startsWith("```")) {
        inCode = !inCode;
        skip = true;
      } else if (inCode) {
        skip = true;
      } else if (stripped.startsWith("<!--")) {
        inComment = !line.contains("-->");
        skip = true;
      } else {
        skip = line.isBlank();
      }
      if (skip) {
        if (text.length() > 0) {
          paragraphs.add(new Paragraph(first, withoutInlineCode(text.toString())));
          text.setLength(0);
        }
        continue;
      }
      if (text.length() == 0) {
        first = i + 1;
      }
      text.append(line).append('\n');
    }
    return paragraphs;
  }

  /** The text with its inline code spans taken out, their line breaks kept. */
  private static String withoutInlineCode(String text) {
    Matcher code = INLINE_CODE.matcher(text);
    StringBuilder out = new StringBuilder();
    while (code.find()) {
      code.appendReplacement(out, code.group().replaceAll("[^\n]", ""));
    }
    return code.appendTail(out).toString();
  }

  private static int lineBreaks(String text, int end) {
    return (int) text.substring(0, end).chars().filter(c -> c == '\n').count();
  }

  /** The anchors GitHub gives a Markdown file's headings. */
  private static Set<String> anchors(Path file) {
    Set<String> anchors = new HashSet<>();
    Map<String, Integer> seen = new HashMap<>();
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalStateException("cannot read " + file, e);
    }
    boolean inCode = false;
    for (String line : lines) {
      if (line.strip().startsWith("```")) {
        inCode = !inCode;
        continue;
      }
      Matcher heading = HEADING.matcher(line);
      if (inCode || !heading.matches()) {
        continue;
      }
      String slug = heading.group(1).toLowerCase(Locale.ROOT)
          .replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1")
          .replaceAll("[^\\p{L}\\p{N} _-]", "")
          .replace(' ', '-');
      int count = seen.merge(slug, 1, Integer::sum);
      anchors.add(count == 1 ? slug : slug + "-" + (count - 1));
    }
    return anchors;
  }
}
