package dev.durable.dashboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.dashboard.Html.Safe;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Escaping by default: in templates every value becomes text or an attribute value for its place;
 * in the fragments still made by {@link Html}, only fragments made there pass as HTML.
 */
class HtmlTest {
  @Test
  void templatesEscapeEveryValueForItsPlace() {
    Frame frame = new Frame("<b>t</b>\"'", Section.RUNS, Viewer.readOnly(), Duration.ofSeconds(2));

    String page = Templates.error(frame, "<script>alert('x')</script> & co");

    assertTrue(page.contains("<title>&lt;b&gt;t&lt;/b&gt;\"' · Durable</title>"), page);
    assertTrue(page.contains("&lt;script&gt;alert('x')&lt;/script&gt; &amp; co"), page);
    assertFalse(page.contains("<script>alert"), page);
    assertTrue(page.contains("<a href=\"/\" class=\"current\" aria-current=\"page\">Runs</a>"
        + "<a href=\"/queues\">Queues</a>"), "the current section marked, no empty attributes");
    assertTrue(page.contains("<body data-refresh-ms=\"2000\">"), page);
  }

  @Test
  void argumentsAreEscapedUnlessAlreadySafe() {
    Safe cell = Html.html("<td title=\"{}\">{}</td>", "a\"b' c", "<script>alert('x')</script> & co");

    assertEquals("<td title=\"a&quot;b&#39; c\">&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"
        + " &amp; co</td>", cell.html());
    assertEquals("<tr><td title=\"a&quot;b&#39; c\">&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"
        + " &amp; co</td></tr>", Html.html("<tr>{}</tr>", cell).html());
    assertEquals("<b></b>", Html.html("<b>{}</b>", (Object) null).html());
    assertThrows(IllegalArgumentException.class, () -> Html.html("{} {}", "one"));
    assertThrows(IllegalArgumentException.class, () -> Html.html("{}", "one", "two"));
  }

  @Test
  void runIdsAreEncodedAsOnePathSegmentAndDecodedBack() {
    String id = "a/b c+d?e#f%g<h>";

    String path = Html.runPath(id);

    assertEquals("/runs/a%2Fb%20c%2Bd%3Fe%23f%25g%3Ch%3E", path);
    assertEquals(id, Request.pathSegment(path.substring("/runs/".length())));
  }

  @Test
  void queryLinksLeaveOutEmptyParametersAndEncodeTheRest() {
    Map<String, String> parameters = new LinkedHashMap<>();
    parameters.put("workflow", "a&b=c");
    parameters.put("status", "");
    parameters.put("after", "x y");

    assertEquals("/?workflow=a%26b%3Dc&after=x%20y", Html.withQuery("/", parameters));
    assertEquals(Map.of("workflow", "a&b=c", "after", "x y"),
        Request.parameters("workflow=a%26b%3Dc&after=x+y"));
  }
}
