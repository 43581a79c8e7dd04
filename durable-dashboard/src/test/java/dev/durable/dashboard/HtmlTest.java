package dev.durable.dashboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Escaping by default: in the templates every value becomes text or an attribute value for its
 * place; links encode each value they carry.
 */
class HtmlTest {
  @Test
  void templatesEscapeEveryValueForItsPlace() {
    Frame frame = new Frame("<b>t</b>\"'", Section.RUNS, Viewer.readOnly(), Duration.ofSeconds(2));

    String page = Templates.error(frame, "<script>alert('x')</script> & co");

    assertTrue(page.contains("<title>&lt;b&gt;t&lt;/b&gt;\"' · Durable</title>"), page);
    assertTrue(page.contains("&lt;script&gt;alert('x')&lt;/script&gt; &amp; co"), page);
    assertFalse(page.contains("<script>alert"), page);
    assertTrue(page.contains("<a href=\"/\" class=\"current\" aria-current=\"page\">Runs</a>"),
        "the current section marked: " + page);
    assertTrue(page.contains("<a href=\"/queues\">Queues</a>"), "no empty attributes: " + page);
    assertTrue(page.contains("<body data-refresh-ms=\"2000\">"), page);
  }

  /**
   * The Content-Security-Policy forbids inline script and style, so no template holds any: a
   * script or style sheet comes from {@code /static/}. (Inline event handlers such as {@code
   * onclick=} fail the build: jte's {@code OwaspHtmlPolicy}, set in the pom.)
   */
  @Test
  void noTemplateHoldsAnInlineScriptOrStyle() throws IOException {
    List<Path> templates;
    try (Stream<Path> files = Files.list(Path.of("src/main/jte"))) {
      templates = files.filter(f -> f.toString().endsWith(".jte")).sorted().toList();
    }
    assertTrue(templates.size() >= 10, "the templates were not found: " + templates);
    Pattern inline = Pattern.compile(
        "<script(?![^>]*\\ssrc=)|<style|\\sstyle=|javascript:", Pattern.CASE_INSENSITIVE);
    for (Path template : templates) {
      Matcher found = inline.matcher(Files.readString(template));
      assertFalse(found.find(), () -> template + " holds inline script or style: " + found.group());
    }
  }

  @Test
  void aValueInAnAttributeCannotEndIt() {
    Frame frame = new Frame("Runs", Section.RUNS, Viewer.readOnly(), Duration.ofSeconds(2));
    RunsQuery query = RunsQuery.of(Map.of("workflow", "\"><script>x</script>", "run", "a'b"));

    String page = Templates.runs(frame, new RunsPage(query, List.of(), false, List.of()));

    assertTrue(page.contains("name=\"workflow\" value=\"&#34;>&lt;script>x&lt;/script>\""), page);
    assertTrue(page.contains("name=\"run\" value=\"a&#39;b\""), page);
    assertFalse(page.contains("<script>x"), page);
  }

  @Test
  void runIdsAreEncodedAsOnePathSegmentAndDecodedBack() {
    String id = "a/b c+d?e#f%g<h>";

    String path = Links.runPath(id);

    assertEquals("/runs/a%2Fb%20c%2Bd%3Fe%23f%25g%3Ch%3E", path);
    assertEquals(id, Request.pathSegment(path.substring("/runs/".length())));
  }

  @Test
  void queryLinksLeaveOutEmptyParametersAndEncodeTheRest() {
    Map<String, String> parameters = new LinkedHashMap<>();
    parameters.put("workflow", "a&b=c");
    parameters.put("status", "");
    parameters.put("after", "x y");

    assertEquals("/?workflow=a%26b%3Dc&after=x%20y", Links.withQuery("/", parameters));
    assertEquals(Map.of("workflow", "a&b=c", "after", "x y"),
        Request.parameters("workflow=a%26b%3Dc&after=x+y"));
  }
}
