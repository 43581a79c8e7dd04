package dev.durable.dashboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.RunError;
import dev.durable.runtime.RunState;
import dev.durable.runtime.StepState;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The timeline drawn: well-formed SVG whatever the names, readable (a bounded number of rows and
 * elements) for 2,000 steps, zoomable and paged by links.
 */
class TimelineSvgTest {
  static final String HOSTILE = "<script>alert(1)</script>&\"'<img src=x onerror=alert(2)>";

  @Test
  void parsesAsXmlAndShowsAHostileStepNameAsText() throws Exception {
    RunError error = new RunError(HOSTILE, "bad</title><script>", "x.Y", Optional.of(HOSTILE));
    TimelineFixture f = new TimelineFixture("run-<b>&'");
    f.step(0, HOSTILE, 0, 10)
        .checkpoint(1, "STEP", HOSTILE, StepState.FAILED, 1, 10, 20, null, "[]", null, error)
        .event(10, "step.started", HOSTILE, 1, "local")
        .event(20, "step.failed", HOSTILE, 1, HOSTILE)
        .event(21, "run.failed", null, 0, HOSTILE);

    String svg = render(f.built(RunState.FAILED, 21, error, 100), TimelineView.MAX_ROWS);
    Document doc = parse(svg);

    assertEquals(0, doc.getElementsByTagName("script").getLength());
    assertEquals(0, doc.getElementsByTagName("img").getLength());
    assertTrue(text(doc, "text").stream().anyMatch(t -> t.contains("<script>alert(1)")),
        "the name is shown as text");
    assertTrue(text(doc, "title").stream().anyMatch(t -> t.contains("bad</title><script>")),
        "the failure's code is in its tooltip as text");
    assertEquals(1, byClass(doc, "tl-failed").size(), "one red bar");
    assertEquals(1, byClass(doc, "tl-mark-failure").size(), "one mark on the axis");
    for (Element a : elements(doc, "a")) {
      assertFalse(a.getAttribute("href").contains("<"), a.getAttribute("href"));
    }
    assertFalse(svg.contains("style="), "colours come from the style sheet");
  }

  @Test
  void aRunOfTwoThousandStepsIsDrawnInABoundedNumberOfRowsAndElements() throws Exception {
    TimelineFixture f = TimelineFixture.loop("big", "tick", 1000);
    for (int i = 1000; i < 2000; i++) {
      f.step(i, i % 2 == 0 ? "even" : "odd", i, i + 1);
    }
    TimelineBuilder.Built built = f.built(RunState.COMPLETED, 2000, null, 3000);

    Timeline view = TimelineView.of(built, TimelineView.Request.whole(TimelineView.MAX_ROWS));
    Document doc = parse(TimelineSvg.render(view, false).markup());

    assertTrue(view.grouped());
    assertEquals(2000, view.positions());
    assertEquals(1001, view.totalRows(), "the 1,000 ticks as one row, then odd and even");
    assertEquals(TimelineView.MAX_ROWS, view.rows().size());
    assertEquals(1000, view.rows().get(0).count());
    assertEquals(TimelineView.MAX_ROWS, byClass(doc, "tl-row").size());
    int elements = doc.getElementsByTagName("*").getLength();
    assertTrue(elements < 1500, elements + " elements");
    List<String> later = hrefs(doc, "tl-later");
    assertEquals(List.of("/runs/big/timeline?rows=100"), later);

    Timeline page = TimelineView.of(built,
        TimelineView.Request.of(null, null, "1000", TimelineView.MAX_ROWS));
    assertEquals(1, page.rows().size(), "the last page holds the last row");
    assertEquals(1999, page.rows().get(0).firstPosition());
  }

  @Test
  void oneStepCalledTwoThousandTimesIsAStaircaseOfGroupsThatZoomIntoTheirTime() throws Exception {
    TimelineFixture f = TimelineFixture.loop("big", "tick", 2000);
    f.checkpoint(2000, "STEP", "tick", StepState.FAILED, 1, 2000, 2002, null, "[]", null, null)
        .event(2000, "step.started", "tick", 1, "local")
        .event(2002, "step.failed", "tick", 1, "boom")
        .event(2003, "run.failed", null, 0, "boom");
    TimelineBuilder.Built built = f.built(RunState.FAILED, 2003, null, 3000);

    Timeline view = TimelineView.of(built, TimelineView.Request.whole(TimelineView.MAX_ROWS));
    Document whole = parse(TimelineSvg.render(view, false).markup());

    assertEquals(96, view.totalRows(), "2,001 calls in groups of 21, the fewest that fit 100 rows");
    assertEquals(21, view.rows().get(0).count());
    assertEquals(1, view.rows().get(view.rows().size() - 1).failed());
    assertEquals(1, byClass(whole, "tl-failed").size(), "the failed call's own red bar");
    assertEquals("/runs/big/timeline?from=0&to=21", hrefs(whole, "tl-group").get(0),
        "a group zooms into its time");
    List<String> zooms = hrefs(whole, "tl-zoom");
    assertEquals(TimelineSvg.TICKS, zooms.size());
    assertEquals("/runs/big/timeline?from=200&to=400", zooms.get(1));

    Timeline tenth = TimelineView.of(built,
        TimelineView.Request.of("200", "400", null, TimelineView.MAX_ROWS));
    assertTrue(tenth.zoomed());
    assertEquals(202, tenth.positions(), "the calls that touch the window");
    Timeline again = TimelineView.of(built,
        TimelineView.Request.of("200", "220", null, TimelineView.MAX_ROWS));
    assertFalse(again.grouped(), "a window of 20 calls draws each");
    assertEquals(List.of(199, 200), again.rows().stream().limit(2)
        .map(Timeline.Row::firstPosition).toList());
    Document zoomed = parse(TimelineSvg.render(again, false).markup());
    assertEquals(List.of("/runs/big/timeline"), hrefs(zoomed, "tl-whole"));
  }

  @Test
  void aFewStepsAreDrawnOneRowEach() throws Exception {
    TimelineFixture f = new TimelineFixture("small");
    f.step(0, "a", 0, 10).step(1, "b", 10, 30).step(2, "c", 30, 35);

    Document doc = parse(render(f.built(RunState.COMPLETED, 35, null, 100),
        TimelineView.MAX_ROWS));

    assertEquals(3, byClass(doc, "tl-row").size());
    assertEquals(3, byClass(doc, "tl-attempt").size());
    assertEquals(List.of("/runs/small#pos-0", "/runs/small#pos-1", "/runs/small#pos-2"),
        hrefs(doc, "tl-attempt"));
    assertTrue(hrefs(doc, "tl-whole").isEmpty(), "nothing to zoom out of");
  }

  static String render(TimelineBuilder.Built built, int rows) {
    return TimelineSvg.render(TimelineView.of(built, TimelineView.Request.whole(rows)), false)
        .markup();
  }

  static Document parse(String svg) throws Exception {
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setNamespaceAware(true);
    factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    return factory.newDocumentBuilder()
        .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
  }

  static List<Element> elements(Document doc, String tag) {
    List<Element> out = new ArrayList<>();
    NodeList nodes = doc.getElementsByTagName(tag);
    for (int i = 0; i < nodes.getLength(); i++) {
      out.add((Element) nodes.item(i));
    }
    return out;
  }

  static List<Element> byClass(Document doc, String css) {
    List<Element> out = new ArrayList<>();
    for (Element e : elements(doc, "*")) {
      if (List.of(e.getAttribute("class").split(" ")).contains(css)) {
        out.add(e);
      }
    }
    return out;
  }

  /** The links of the elements of class {@code css}: their own, or their first inner link's. */
  static List<String> hrefs(Document doc, String css) {
    List<String> out = new ArrayList<>();
    for (Element e : byClass(doc, css)) {
      if (e.getTagName().equals("a")) {
        out.add(e.getAttribute("href"));
      } else if (e.getParentNode() instanceof Element parent
          && parent.getTagName().equals("a")) {
        out.add(parent.getAttribute("href"));
      } else if (e.getElementsByTagName("a").getLength() > 0) {
        out.add(((Element) e.getElementsByTagName("a").item(0)).getAttribute("href"));
      }
    }
    return out;
  }

  static List<String> text(Document doc, String tag) {
    return elements(doc, tag).stream().map(Element::getTextContent).toList();
  }
}
