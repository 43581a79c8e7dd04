package dev.durable.dashboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.runtime.Overview;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The overview's chart, as its template draws it, is well-formed SVG with a bar for each count given, its height in
 * proportion on one scale for all series, the ended runs stacked, and nothing for a zero.
 */
class OverviewChartTest {
  private static final Instant START = Instant.parse("2026-12-06T09:00:00Z");
  private static final Duration MINUTE = Duration.ofMinutes(1);

  private static Document parse(String svg) throws Exception {
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setNamespaceAware(true);
    return factory.newDocumentBuilder()
        .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
  }

  /** The bars of one series (the legend's swatches, which have no title, left out). */
  private static List<Element> bars(Document svg, String series) {
    List<Element> bars = new ArrayList<>();
    NodeList rects = svg.getElementsByTagNameNS("http://www.w3.org/2000/svg", "rect");
    for (int i = 0; i < rects.getLength(); i++) {
      Element rect = (Element) rects.item(i);
      if (rect.getAttribute("class").equals("chart-" + series)
          && rect.getElementsByTagNameNS("*", "title").getLength() == 1) {
        bars.add(rect);
      }
    }
    return bars;
  }

  private static double number(Element e, String attribute) {
    return Double.parseDouble(e.getAttribute(attribute));
  }

  @Test
  void eachCountIsABarOnOneScaleAndTheEndedRunsAreStacked() throws Exception {
    List<Overview.Bucket> buckets = List.of(
        new Overview.Bucket(START, 10, 4, 1, 0),
        new Overview.Bucket(START.plus(MINUTE), 0, 0, 0, 0),
        new Overview.Bucket(START.plus(MINUTE.multipliedBy(2)), 5, 8, 0, 7));

    Document svg = parse(Templates.overviewChart(OverviewChart.of(buckets, MINUTE)));

    Element root = svg.getDocumentElement();
    assertEquals("svg", root.getLocalName());
    assertEquals("0 0 720 200", root.getAttribute("viewBox"));
    assertEquals("Runs per period over 3 periods: 15 started, 12 completed, 1 failed,"
        + " 7 cancelled", root.getAttribute("aria-label"));
    List<Element> started = bars(svg, "started");
    assertEquals(2, started.size(), "none for the period with no run started");
    assertEquals("09:00 started: 10", started.get(0).getTextContent());
    assertEquals("09:02 started: 5", started.get(1).getTextContent());
    assertEquals(2, bars(svg, "completed").size());
    assertEquals(1, bars(svg, "failed").size());
    assertEquals(1, bars(svg, "cancelled").size());
    // one scale, its top 20 (the least round number at or above 15, the highest stack)
    double tenHigh = number(started.get(0), "height");
    assertEquals(tenHigh / 2, number(started.get(1), "height"), 0.11);
    assertEquals(tenHigh * 8 / 10, number(bars(svg, "completed").get(1), "height"), 0.11);
    assertEquals(154, tenHigh * 2, 0.11, "10 of a scale of 20 fills half the plot's 154 units");
    // stacked: failed sits on completed in the first period, cancelled on completed in the last
    Element completed = bars(svg, "completed").get(0);
    Element failed = bars(svg, "failed").get(0);
    assertEquals(number(completed, "y"), number(failed, "y") + number(failed, "height"), 0.11);
    assertEquals(number(completed, "x"), number(failed, "x"), 0.001);
    assertTrue(number(completed, "x") > number(started.get(0), "x"), "ended beside started");
  }

  @Test
  void noRunsDrawsTheScaleAndNoBars() throws Exception {
    List<Overview.Bucket> quiet = new ArrayList<>();
    for (int i = 0; i < 61; i++) {
      quiet.add(new Overview.Bucket(START.plus(MINUTE.multipliedBy(i)), 0, 0, 0, 0));
    }

    String text = Templates.overviewChart(OverviewChart.of(quiet, MINUTE));
    Document svg = parse(text);

    for (String series : List.of("started", "completed", "failed", "cancelled")) {
      assertEquals(List.of(), bars(svg, series));
    }
    assertEquals(List.of("09:00", "09:10", "09:20", "09:30", "09:40", "09:50", "10:00"),
        times(svg), "every ten minutes");
    assertFalse(text.contains("style="), "colours come from classes: the CSP allows no inline style");
  }

  @Test
  void timesFallOnRoundMinutesWhereverTheWindowStarts() throws Exception {
    List<Overview.Bucket> late = new ArrayList<>();
    for (int i = 0; i < 61; i++) {
      late.add(new Overview.Bucket(START.plus(MINUTE.multipliedBy(17 + i)), 0, 0, 0, 0));
    }

    assertEquals(List.of("09:20", "09:30", "09:40", "09:50", "10:00", "10:10"),
        times(parse(Templates.overviewChart(OverviewChart.of(late, MINUTE)))));
    assertEquals(List.of(1, 1, 2, 10, 10, 30, 240), List.of(1, 6, 7, 60, 61, 180, 1440).stream()
        .map(OverviewChart::labelEvery).toList());
  }

  private static List<String> times(Document svg) {
    List<String> times = new ArrayList<>();
    NodeList texts = svg.getElementsByTagNameNS("http://www.w3.org/2000/svg", "text");
    for (int i = 0; i < texts.getLength(); i++) {
      Element text = (Element) texts.item(i);
      if (text.getAttribute("class").contains("chart-time")) {
        times.add(text.getTextContent());
      }
    }
    return times;
  }

  @Test
  void theScaleEndsOnARoundNumber() {
    assertEquals(List.of(5L, 5L, 10L, 20L, 20L, 50L, 100L, 200L, 5000L),
        List.of(0L, 5L, 6L, 11L, 20L, 21L, 100L, 101L, 4999L).stream()
            .map(OverviewChart::niceCeiling).toList());
  }

  @Test
  void periodsOfSecondsAreLabelledToTheSecond() throws Exception {
    Document svg = parse(Templates.overviewChart(OverviewChart.of(
        List.of(new Overview.Bucket(START.plusSeconds(30), 1, 0, 0, 0)), Duration.ofSeconds(30))));

    assertEquals("09:00:30 started: 1", bars(svg, "started").get(0).getTextContent());
  }
}
