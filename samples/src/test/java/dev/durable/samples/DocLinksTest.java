package dev.durable.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * its headings (as GitHub names them: lower case, punctuation dropped, spaces as hyphens). Links
 * to other sites, and text in code blocks, are not checked.
 */
class DocLinksTest {
  private static final Pattern LINK = Pattern.compile("!?\\[[^\\]]*\\]\\(([^)\\s]+)\\)");
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
      List<String> lines = Files.readAllLines(doc, StandardCharsets.UTF_8);
      boolean inCode = false;
      for (int i = 0; i < lines.size(); i++) {
        String line = lines.get(i);
        if (line.strip().startsWith("```")) {
          inCode = !inCode;
          continue;
        }
        if (inCode) {
          continue;
        }
        Matcher link = LINK.matcher(line.replaceAll("`[^`]*`", ""));
        while (link.find()) {
          String target = link.group(1);
          if (target.matches("[a-zA-Z][a-zA-Z0-9+.-]*:.*")) {
            continue;   // http:, https:, mailto:
          }
          links++;
          String where = root.relativize(doc) + ":" + (i + 1) + ": " + target;
          int hash = target.indexOf('#');
          String path = hash < 0 ? target : target.substring(0, hash);
          Path file = path.isEmpty()
              ? doc
              : doc.getParent().resolve(URLDecoder.decode(path, StandardCharsets.UTF_8)).normalize();
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
