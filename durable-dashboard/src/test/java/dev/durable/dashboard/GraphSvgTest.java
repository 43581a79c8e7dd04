package dev.durable.dashboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.durable.dashboard.flows.InvoiceWorkflowDurable;
import dev.durable.runtime.RunExport;
import dev.durable.runtime.StepState;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** The workflow graph's SVG: well-formed, every node drawn and marked, every text escaped. */
class GraphSvgTest {
  /** A shape with one of everything, its names hostile. */
  private static final String SHAPE = """
      {"format": 1, "workflow": "<script>alert('w')</script>", "version": "2", "timeoutMs": 3600000,
       "nodes": [
        {"kind": "step", "name": "reserve", "retries": 3, "backoff": "EXP", "timeoutMs": 5000,
         "queue": "stock"},
        {"kind": "parallel", "name": "fan over items", "paths": [
          {"label": "each", "nodes": [{"kind": "step", "name": "pack", "retries": 1}]}]},
        {"kind": "branch", "name": "if (total > 10 && \\"a\\" != 'b')", "paths": [
          {"label": "then", "nodes": [{"kind": "signal", "name": "approve", "wait": "Duration.ofHours(1)"}]},
          {"label": "else", "nodes": []}]},
        {"kind": "loop", "name": "for each i in items", "paths": [
          {"label": "repeat", "nodes": [{"kind": "step", "name": "<img src=x onerror=alert(1)>\\u0001",
           "retries": 1}]}]},
        {"kind": "child", "name": "receipt"},
        {"kind": "sleep", "name": "sleep", "duration": "Duration.ofMinutes(5)"}
       ],
       "routes": [{"code": "declined", "method": "declined"}],
       "compensations": [{"step": "reserve", "by": "release"}],
       "onFailure": "cleanup"}
      """;

  static Document parse(String svg) throws Exception {
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setNamespaceAware(true);
    return factory.newDocumentBuilder()
        .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
  }

  static List<String> classesOf(Document svg, String key) throws Exception {
    NodeList found = (NodeList) XPathFactory.newInstance().newXPath()
        .evaluate("//*[@data-key='" + key + "']", svg, XPathConstants.NODESET);
    assertEquals(1, found.getLength(), "nodes with key " + key);
    return List.of(((Element) found.item(0)).getAttribute("class").split(" "));
  }

  private static String draw(String json, Map<String, String> marks) {
    return GraphSvg.svg(GraphLayout.of(ShapeTree.parse(json)), marks, "g").markup();
  }

  @Test
  void everyNodeIsDrawnInWellFormedSvg() throws Exception {
    Document svg = parse(draw(SHAPE, Map.of()));

    assertEquals("svg", svg.getDocumentElement().getLocalName());
    for (String key : List.of("start", "end", "step reserve#0", "parallel fan over items#0",
        "step pack#0", "signal approve#0", "loop for each i in items#0", "child receipt#0",
        "sleep sleep#0", "route declined", "compensation reserve", "on-failure")) {
      assertTrue(classesOf(svg, key).contains("node"), key);
    }
    assertTrue(classesOf(svg, "step reserve#0").containsAll(List.of("call", "step")));
    assertTrue(classesOf(svg, "route declined").contains("side"));
    NodeList sideEdges = (NodeList) XPathFactory.newInstance().newXPath()
        .evaluate("//*[local-name()='path' and @class='edge side']", svg, XPathConstants.NODESET);
    assertEquals(3, sideEdges.getLength(), "a compensation, a route and @OnFailure");
    NodeList backEdges = (NodeList) XPathFactory.newInstance().newXPath()
        .evaluate("//*[local-name()='path' and @class='edge back']", svg, XPathConstants.NODESET);
    assertEquals(1, backEdges.getLength(), "the loop's");
    String text = svg.getDocumentElement().getTextContent();
    assertTrue(text.contains("×3 · ≤5 s · queue stock"), text);
    assertTrue(text.contains("run timeout 60 min"), text);
  }

  @Test
  void hostileNamesAreEscapedText() throws Exception {
    String drawn = draw(SHAPE, Map.of());

    assertFalse(drawn.contains("<script"), drawn);
    assertFalse(drawn.contains("<img"), drawn);
    // as the templates escape: every '<', '&', quote and apostrophe (a '>' alone opens nothing)
    assertTrue(drawn.contains("&lt;img src=x onerror=alert(1)>"), drawn);
    assertTrue(drawn.contains("&lt;script>alert(&#39;w&#39;)&lt;/script>"), drawn);
    Document svg = parse(drawn); // no control character left to break the XML
    assertEquals(0, ((NodeList) XPathFactory.newInstance().newXPath()
        .evaluate("//*[local-name()='script' or local-name()='img']", svg,
            XPathConstants.NODESET)).getLength());
  }

  private static RunExport.Checkpoint checkpoint(int position, String kind, String name,
      StepState status) {
    return new RunExport.Checkpoint(position, kind, name, status, 1, Optional.empty(),
        Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
        Optional.empty());
  }

  @Test
  void aRunsProgressMarksNodesCompletedRunningFailedOrUnreached() throws Exception {
    String json = InvoiceWorkflowDurable.WORKFLOW.shape().orElseThrow();
    ShapeTree shape = ShapeTree.parse(json);
    List<RunExport.Checkpoint> checkpoints = new ArrayList<>();
    checkpoints.add(checkpoint(0, "STEP", "charge", StepState.RETRYING));

    Document running = parse(draw(json, GraphMarks.progress(shape, checkpoints, null, false)));
    assertTrue(classesOf(running, "step charge#0").contains("running"));
    assertTrue(classesOf(running, "step mail#0").contains("unreached"));
    assertTrue(classesOf(running, "end").contains("unreached"));

    checkpoints.set(0, checkpoint(0, "STEP", "charge", StepState.FAILED));
    Document failed = parse(draw(json, GraphMarks.progress(shape, checkpoints, "failed", false)));
    assertTrue(classesOf(failed, "step charge#0").contains("failed"));
    assertTrue(classesOf(failed, "end").contains("failed"));

    checkpoints.set(0, checkpoint(0, "STEP", "charge", StepState.COMPLETED));
    checkpoints.add(checkpoint(1, "STEP", "mail", StepState.COMPLETED));
    Document done =
        parse(draw(json, GraphMarks.progress(shape, checkpoints, "completed", false)));
    assertTrue(classesOf(done, "step charge#0").contains("completed"));
    assertTrue(classesOf(done, "step mail#0").contains("completed"));
  }

  private static RunExport.Checkpoint value(int position, String name, String input,
      String output) {
    return new RunExport.Checkpoint(position, "VALUE", name, StepState.COMPLETED, 0,
        Optional.ofNullable(input), Optional.ofNullable(output), Optional.empty(),
        Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());
  }

  @Test
  void aShapeStoredWithQuotedKeysIsColouredByTheirValues() throws Exception {
    // as the processor wrote ctx.writeStream("answers", ...) and ctx.setEvent("say \"hi\"", ...)
    // before it named them by their keys: their source text
    String stored = """
        {"format": 1, "workflow": "answers", "version": "1", "timeoutMs": 0, "nodes": [
          {"kind": "stream", "name": "\\"answers\\""},
          {"kind": "event", "name": "\\"say \\\\\\"hi\\\\\\"\\""},
          {"kind": "event", "name": "\\"a\\" + \\"b\\""}
        ], "routes": [], "compensations": [], "onFailure": null}
        """;
    ShapeTree shape = ShapeTree.parse(stored);
    Map<String, String> marks = GraphMarks.progress(shape, List.of(
        value(0, "writeStream", "answers", null), value(1, "setEvent", "say \"hi\"", null)),
        "completed", false);

    assertEquals("completed", marks.get("stream answers#0"));
    assertEquals("completed", marks.get("event say \"hi\"#0"));
    assertEquals("unreached", marks.get("event \"a\" + \"b\"#0"), "no one literal: kept");
  }

  @Test
  void aComputedKeyIsMarkedByTheKeysNoOtherNodeNames() {
    ShapeTree shape = ShapeTree.parse("""
        {"format": 1, "workflow": "w", "version": "1", "timeoutMs": 0, "nodes": [
          {"kind": "event", "name": "progress", "constant": "PROGRESS"},
          {"kind": "event", "name": "\\"round-\\" + round", "computed": true},
          {"kind": "attribute", "name": "topic"},
          {"kind": "attribute", "name": "key", "computed": true},
          {"kind": "continue-as-new", "name": "continue-as-new", "input": "round + 1"}
        ], "routes": [], "compensations": [], "onFailure": null}
        """);
    List<RunExport.Checkpoint> progressOnly = List.of(value(0, "setEvent", "progress", null),
        value(1, "attribute", null, "topic=life"));
    Map<String, String> marks = GraphMarks.progress(shape, progressOnly, null, false);
    assertEquals("completed", marks.get("event progress#0"));
    assertEquals("unreached", marks.get("event \"round-\" + round#0"));
    assertEquals("completed", marks.get("attribute topic#0"));
    assertEquals("unreached", marks.get("attribute key#0"));
    assertEquals("unreached", marks.get("continue-as-new continue-as-new#0"));

    List<RunExport.Checkpoint> all = new ArrayList<>(progressOnly);
    all.add(value(2, "setEvent", "round-2", null));
    all.add(value(3, "attribute", null, "colour=blue=green"));
    marks = GraphMarks.progress(shape, all, null, true);
    assertEquals("completed", marks.get("event \"round-\" + round#0"));
    assertEquals("completed", marks.get("attribute key#0"));
    assertEquals("completed", marks.get("continue-as-new continue-as-new#0"), "started over");
  }

  @Test
  void aBranchNotTakenStaysUnreached() throws Exception {
    ShapeTree shape = ShapeTree.parse(SHAPE);
    Map<String, String> marks = GraphMarks.progress(shape, List.of(
        checkpoint(0, "STEP", "reserve", StepState.COMPLETED),
        checkpoint(1, "STEP", "pack", StepState.COMPLETED),
        checkpoint(2, "SIGNAL", "approve", StepState.RUNNING)), null, false);

    assertEquals("completed", marks.get("parallel fan over items#0"));
    assertEquals("running", marks.get("signal approve#0"));
    assertEquals("running", marks.get("branch if (total > 10 && \"a\" != 'b')#0"));
    assertEquals("unreached", marks.get("child receipt#0"));
  }

  @Test
  void aCompensationThatRanIsMarkedByItsCompensatingStep() throws Exception {
    ShapeTree shape = ShapeTree.parse(SHAPE);
    List<RunExport.Checkpoint> failing = List.of(
        checkpoint(0, "STEP", "reserve", StepState.COMPLETED),
        checkpoint(1, "STEP", "pack", StepState.FAILED));
    Map<String, String> before = GraphMarks.progress(shape, failing, null, false);
    assertEquals(null, before.get("compensation reserve"), "not marked before it runs");

    List<RunExport.Checkpoint> compensated = new ArrayList<>(failing);
    compensated.add(checkpoint(2, "STEP", "release", StepState.COMPLETED));
    Document drawn =
        parse(draw(SHAPE, GraphMarks.progress(shape, compensated, "failed", false)));
    assertTrue(classesOf(drawn, "compensation reserve").contains("completed"));
  }

  @Test
  void comparingTwoVersionsMarksAddedRemovedAndChangedNodes() throws Exception {
    String v3 = SHAPE.replace("\"retries\": 3", "\"retries\": 5")
        .replace("{\"kind\": \"child\", \"name\": \"receipt\"},", "")
        .replace("\"onFailure\": \"cleanup\"", "\"onFailure\": null")
        .replace("{\"kind\": \"sleep\"", "{\"kind\": \"step\", \"name\": \"audit\"},\n"
            + "{\"kind\": \"sleep\"");
    List<Map<String, String>> marks = GraphMarks.compare(ShapeTree.parse(SHAPE),
        ShapeTree.parse(v3));

    assertEquals(Map.of("step reserve#0", "changed", "child receipt#0", "removed",
        "on-failure", "removed"), marks.get(0));
    assertEquals(Map.of("step reserve#0", "changed", "step audit#0", "added"), marks.get(1));
    Document after = parse(draw(v3, marks.get(1)));
    assertTrue(classesOf(after, "step audit#0").contains("added"));
  }
}
